import { availableParallelism } from 'node:os';

/** Whose file a thumbnail is made of: each uploader gets its own turn, and staff a slot of their own. */
export interface ThumbnailUploader {
  /** The same for every file of one uploader (an account id, or the ticket's when it has no account). */
  key: string;
  isStaff: boolean;
}

export interface ThumbnailWork {
  /** Runs `make` in the uploader's turn; resolves or rejects as it does. */
  run<T>(uploader: ThumbnailUploader, make: () => Promise<T>): Promise<T>;
  /** Thumbnails being made and waiting, for tests to wait on. */
  load(): { running: number; waiting: number };
}

interface Line {
  isStaff: boolean;
  jobs: (() => Promise<void>)[];
  running: boolean;
}

/**
 * Shares the making of thumbnails fairly: one image of each uploader at a time (a
 * client's fifty images wait behind one another, not in front of anyone else's), uploaders served in
 * turn, at most `slots` images at once (one per core: each is one libvips thread and one decoded image in
 * memory), and clients' images on at most `slots - 1` of them, so a staff member's image never waits
 * behind clients' (with one core, behind the one image being made).
 */
export function shareThumbnailWork(slots = Math.max(1, availableParallelism())): ThumbnailWork {
  const clientSlots = Math.max(1, slots - 1);
  const lines = new Map<string, Line>();
  // Uploaders with an image waiting and none being made, in the order they became ready: a line that
  // has made one goes to the back.
  const ready: string[] = [];
  let running = 0;
  let clientsRunning = 0;
  let waiting = 0;

  function next(): void {
    for (let index = 0; index < ready.length && running < slots; ) {
      const key = ready[index] as string;
      const line = lines.get(key) as Line;
      if (!line.isStaff && clientsRunning >= clientSlots) {
        index += 1;
        continue;
      }
      ready.splice(index, 1);
      start(key, line);
    }
  }

  function start(key: string, line: Line): void {
    const job = line.jobs.shift() as () => Promise<void>;
    waiting -= 1;
    line.running = true;
    running += 1;
    if (!line.isStaff) clientsRunning += 1;
    void job().finally(() => {
      line.running = false;
      running -= 1;
      if (!line.isStaff) clientsRunning -= 1;
      if (line.jobs.length) ready.push(key);
      else lines.delete(key);
      next();
    });
  }

  return {
    run<T>(uploader: ThumbnailUploader, make: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        let line = lines.get(uploader.key);
        if (!line) {
          line = { isStaff: uploader.isStaff, jobs: [], running: false };
          lines.set(uploader.key, line);
        }
        line.jobs.push(() => Promise.resolve().then(make).then(resolve, reject));
        waiting += 1;
        if (!line.running && line.jobs.length === 1) ready.push(uploader.key);
        next();
      });
    },
    load: () => ({ running, waiting }),
  };
}
