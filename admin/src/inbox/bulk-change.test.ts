// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lookups } from '../api/api.js';
import { jsonAnswer } from '../test/answers.js';
import { applyBulkChange, describeBulkChange } from './bulk-change.js';

const lookups: Lookups = {
  statuses: [{ id: 1, name: 'Resolved', slug: 'resolved' }],
  reasons: [],
  urgencies: [],
  products: [],
  staff: [{ id: 4, name: 'Alex', email: 'alex@example.com', role: 'agent' }],
};

describe('describeBulkChange', () => {
  it('names a status and an assignee as the list shows them', () => {
    expect(describeBulkChange({ status: 'resolved' }, lookups)).toEqual({
      fields: { status: { slug: 'resolved', name: 'Resolved' } },
      label: 'Resolved',
    });
    expect(describeBulkChange({ assignee: 4 }, lookups)).toEqual({
      fields: { assignee: { id: 4, name: 'Alex' } },
      label: 'Assigned to Alex',
    });
    expect(describeBulkChange({ assignee: null }, lookups)).toEqual({ fields: { assignee: null }, label: 'Unassigned' });
  });

  it('words a tag change and changes no shown field for it', () => {
    expect(describeBulkChange({ add_tag: 'vip' }, lookups)).toEqual({ fields: {}, label: 'Tagged vip' });
    expect(describeBulkChange({ remove_tag: 'vip' }, lookups)).toEqual({ fields: {}, label: 'Tag vip removed' });
  });
});

describe('applyBulkChange', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the ids in one request and counts what changed and what already was so', async () => {
    const fetch = vi.fn(async () => jsonAnswer({ changed: [{ id: 1 }, { id: 2 }], unchanged: [3] }));
    vi.stubGlobal('fetch', fetch);
    expect(await applyBulkChange([1, 2, 3], { status: 'resolved' }, 'Status set to Resolved')).toBe(
      'Status set to Resolved: 2 tickets changed, 1 already so.',
    );
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/tickets\/bulk$/);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(init.body)).ids).toEqual([1, 2, 3]);
  });

  it('says "ticket" for one', async () => {
    vi.stubGlobal('fetch', async () => jsonAnswer({ changed: [{ id: 1 }], unchanged: [] }));
    expect(await applyBulkChange([1], { add_tag: 'vip' }, 'Tagged vip')).toBe('Tagged vip: 1 ticket changed.');
  });
});
