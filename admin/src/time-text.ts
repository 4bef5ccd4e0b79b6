/** An ISO time as "2026-11-25 16:20 UTC": the same on every screen and in every browser's locale. */
export function timeText(iso: string | null, none = 'never'): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : none;
}
