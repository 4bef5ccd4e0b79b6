import { describe, expect, it } from 'vitest';
import { inboxApiPath, withParams } from './inbox-query.js';

describe('withParams', () => {
  it('sets and removes filters, and goes back to page 1 on any change but of the page', () => {
    const query = new URLSearchParams('status=open&page=3&tag=vip');
    expect(withParams(query, { status: 'resolved' })).toBe('?status=resolved&tag=vip');
    expect(withParams(query, { tag: null })).toBe('?status=open');
    expect(withParams(query, { page: '4' })).toBe('?status=open&page=4&tag=vip');
  });

  it('is empty when no filter is left', () => {
    expect(withParams(new URLSearchParams('search=printer'), { search: '' })).toBe('');
  });
});

describe('inboxApiPath', () => {
  it('carries the inbox’s filters that are set, and nothing else of the URL', () => {
    const query = new URLSearchParams('view=mine&status=&search=a b&utm=x');
    expect(inboxApiPath(query)).toBe('/tickets/?view=mine&search=a+b');
  });
});
