/** The longest name kept; a longer one is cut, keeping its extension. */
export const FILE_NAME_MAX = 200;

// Control characters (C0, DEL, C1), and the bidirectional controls that make "gnp.exe" read as "exe.png".
const UNSAFE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A sent file name made safe to show and to offer as a download name: no folders (only what follows the
 * last `/` or `\`), no control or bidirectional characters, no leading dots, at most 200 characters (the
 * extension kept). The stored file never uses it: its key is random. Empty after cleaning: "file".
 */
export function cleanFileName(sent: string | undefined): string {
  const base = (sent ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(UNSAFE, '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').trim();
  if (!cleaned) return 'file';
  const chars = Array.from(cleaned);
  if (chars.length <= FILE_NAME_MAX) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(cleaned.slice(dot)) : [];
  // An "extension" longer than a few characters is part of the name.
  const kept = extension.length > 1 && extension.length <= 16 ? extension : [];
  return (
    chars
      .slice(0, FILE_NAME_MAX - kept.length)
      .join('')
      .trimEnd() + kept.join('')
  );
}
