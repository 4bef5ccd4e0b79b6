import { INLINE_TYPES } from '../../../files/file-kinds.js';
import type { ReadableAttachment } from '../../../files/find-readable-attachment.js';

/**
 * The headers every file answer carries: its type as decided from the content (text as UTF-8), never
 * sniffed (`nosniff`), sandboxed if opened anyway (`Content-Security-Policy: sandbox`: no script, no
 * same-origin access), and a download unless it is a raster image a browser only shows. The name is
 * sent RFC 6266-style: an ASCII fallback and the exact UTF-8 name.
 */
export function fileHeaders(file: ReadableAttachment): Record<string, string> {
  const inline = INLINE_TYPES.has(file.type);
  const type = file.type.startsWith('text/') ? `${file.type}; charset=utf-8` : file.type;
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    'content-type': type,
    'x-content-type-options': 'nosniff',
    'content-security-policy': 'sandbox',
    'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(file.name)}`,
    'accept-ranges': 'bytes',
    // A person's file: kept by their browser only, never by a shared cache.
    'cache-control': 'private, no-store',
  };
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
