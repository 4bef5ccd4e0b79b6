import { afterEach, describe, expect, it } from 'vitest';
import { getSiteTimeZone, setSiteTimeZone, timeText } from './time-text.js';

describe('timeText', () => {
  afterEach(() => setSiteTimeZone('UTC'));

  it('shows a time in the site’s zone, not the browser’s', () => {
    setSiteTimeZone('UTC');
    const utc = timeText('2026-12-02T13:05:00Z');
    setSiteTimeZone('Asia/Tokyo');
    const tokyo = timeText('2026-12-02T13:05:00Z');
    expect(utc).toContain('13:05');
    expect(tokyo).toContain('22:05');
  });

  it('says "never" for a missing time, or the words given', () => {
    expect(timeText(null)).toBe('never');
    expect(timeText(null, '—')).toBe('—');
  });

  it('keeps the zone it had when given an empty one', () => {
    setSiteTimeZone('Europe/Paris');
    setSiteTimeZone('');
    expect(getSiteTimeZone()).toBe('Europe/Paris');
  });
});
