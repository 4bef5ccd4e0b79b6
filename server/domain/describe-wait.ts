/** A wait in plain words for people ("5 seconds", "15 minutes", "2 hours"). */
export function describeWait(seconds: number): string {
  if (seconds < 2) return '1 second';
  if (seconds < 90) return `${seconds} seconds`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} minutes`;
  return `${Math.round(seconds / 3600)} hours`;
}
