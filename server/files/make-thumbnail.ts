import type { Sharp, SharpOptions } from 'sharp';

/** The longest side of a thumbnail, in pixels: the thread shows them at most this wide. */
export const THUMBNAIL_MAX_SIDE = 320;

/**
 * The most pixels an image may have to be shrunk (50 megapixels: an 8000 × 6000 photo). Above it the
 * image is refused before a pixel is decoded, so a small file claiming huge dimensions (a decompression
 * bomb) costs a header read, not gigabytes of memory and minutes of CPU.
 */
export const THUMBNAIL_MAX_PIXELS = 50_000_000;

/** The kinds (decided from content at upload) that get a thumbnail, and libvips' name for each. */
const THUMBNAIL_FORMATS: ReadonlyMap<string, string> = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpeg'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
  ['image/tiff', 'tiff'],
  ['image/avif', 'heif'],
]);

/** The media type of every thumbnail: small, and shown inline by every browser. */
export const THUMBNAIL_TYPE = 'image/webp';

/**
 * sharp (libvips) loaded with the first thumbnail, not at start: most requests never make one. One
 * image at a time per call and no decoded-image cache: thumbnails are made once and then
 * served from the store, so libvips keeping memory around would only take it from the rest of the service.
 */
let loaded: Promise<(input: Buffer, options: SharpOptions) => Sharp> | undefined;
function loadSharp() {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}

/** True for a file kind a thumbnail can be made of (raster images; never SVG, which is not accepted at all). */
export function hasThumbnail(type: string): boolean {
  return THUMBNAIL_FORMATS.has(type);
}

/** The image could not be shrunk: not an image libvips reads as its stored kind, broken, or too many pixels. */
export class ThumbnailRefused extends Error {}

/**
 * A WebP at most THUMBNAIL_MAX_SIDE wide and high, turned upright (EXIF orientation), without metadata
 * (no location of a phone photo leaves in a thumbnail). `bytes` must be of kind `type`; libvips is asked
 * to confirm that from the header before decoding, so it never reads another format (SVG, PDF) by its
 * own sniffing. The first frame of an animation.
 */
export async function makeThumbnail(bytes: Buffer, type: string): Promise<Buffer> {
  const format = THUMBNAIL_FORMATS.get(type);
  // i18n-exempt: why a thumbnail was not made, for the log only
  if (!format) throw new ThumbnailRefused(`No thumbnails of ${type}.`);
  const options = { limitInputPixels: THUMBNAIL_MAX_PIXELS, failOn: 'error' as const };
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, options).metadata();
    // i18n-exempt: why a thumbnail was not made, for the log only
    if (meta.format !== format) throw new ThumbnailRefused(`Stored as ${type}, read as ${meta.format}.`);
    // i18n-exempt: why a thumbnail was not made, for the log only
    if ((meta.width ?? 0) * (meta.height ?? 0) > THUMBNAIL_MAX_PIXELS) throw new ThumbnailRefused('Too many pixels.');
    return await sharp(bytes, options)
      .rotate()
      .resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    if (error instanceof ThumbnailRefused) throw error;
    // libvips' own words (corrupt data, pixel limit): the image cannot be shrunk, whatever the reason.
    throw new ThumbnailRefused((error as Error).message);
  }
}
