import { describe, expect, it } from 'vitest';
import { shareThumbnailWork } from './share-thumbnail-work.js';

/** A job that records its start and ends when told. */
function gate(started: string[], name: string) {
  let end: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    end = resolve;
  });
  return {
    make: async () => {
      started.push(name);
      await done;
      return name;
    },
    end: () => end(),
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('sharing the making of thumbnails', () => {
  it('makes one image per uploader at a time, takes uploaders in turn, and keeps a slot for staff', async () => {
    const work = shareThumbnailWork(2);
    const started: string[] = [];
    const client = { key: 'user:1', isStaff: false };
    const other = { key: 'user:2', isStaff: false };
    const agent = { key: 'user:3', isStaff: true };
    const a = [gate(started, 'a1'), gate(started, 'a2'), gate(started, 'a3')];
    const b = gate(started, 'b1');
    const s = gate(started, 's1');
    const results = [...a.map((g) => work.run(client, g.make)), work.run(other, b.make), work.run(agent, s.make)];
    await turn();
    // One of the client's; the other client waits for the clients' one slot; the agent takes the slot kept for staff.
    expect(started).toEqual(['a1', 's1']);
    expect(work.load()).toEqual({ running: 2, waiting: 3 });
    a[0]?.end();
    await turn();
    // The other client's turn comes before the first client's second image.
    expect(started).toEqual(['a1', 's1', 'b1']);
    b.end();
    await turn();
    expect(started).toEqual(['a1', 's1', 'b1', 'a2']);
    a[1]?.end();
    s.end();
    await turn();
    a[2]?.end();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'b1', 's1']);
    expect(work.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('passes a failure to its caller and goes on with the next image', async () => {
    const work = shareThumbnailWork(1);
    const client = { key: 'user:1', isStaff: false };
    const failed = work.run(client, async () => {
      throw new Error('broken image');
    });
    const next = work.run(client, async () => 'made');
    await expect(failed).rejects.toThrow('broken image');
    await expect(next).resolves.toBe('made');
  });
});
