import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A small RAM file system mounted for one test, to fill up for real (ENOSPC from the kernel). */
export interface SmallDisk {
  dir: string;
  /** Writes a ballast file until the kernel answers ENOSPC. */
  fill(): void;
  /** Deletes the ballast: the space is back. */
  free(): void;
  unmount(): void;
}

let mountable: boolean | undefined;

/** Whether this process may mount a tmpfs (root on Linux, as in CI); checked once by trying. */
export function canMountTmpfs(): boolean {
  if (mountable === undefined) {
    try {
      const disk = mountSmallDisk(1);
      disk.unmount();
      mountable = true;
    } catch {
      mountable = false;
      console.warn('\nNOTICE: cannot mount a tmpfs here (needs root on Linux); the disk-full tests are SKIPPED.\n');
    }
  }
  return mountable;
}

/** Mounts a tmpfs of `megabytes` on a new temporary folder. */
export function mountSmallDisk(megabytes: number): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const ballast = join(dir, 'ballast');
  return {
    dir,
    fill() {
      const fd = openSync(ballast, 'a');
      try {
        // Big chunks first, then pages, so the last free page is taken too.
        for (const size of [1 << 20, 4096, 512]) {
          const chunk = Buffer.alloc(size, 1);
          try {
            for (;;) writeSync(fd, chunk);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    free: () => rmSync(ballast, { force: true }),
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
