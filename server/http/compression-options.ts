import { availableParallelism } from 'node:os';
import { constants as zlibConstants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/** Answers smaller than this go out uncompressed (and without `Vary: accept-encoding`). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Answers up to this size are compressed in one synchronous call, with a Content-Length; bigger ones
 * through a stream, chunked. This is @fastify/compress's own default (computeSyncThreshold: 64 KiB
 * shifted down by 3 bits per core past the first, at most four cores, at least 4 KiB), written out so
 * that the docs list's fast path knows which answers the plugin sends with a length.
 */
export const COMPRESS_SYNC_THRESHOLD = Math.min(Math.max(65_536 >> (3 * (Math.min(availableParallelism(), 4) - 1)), 4_096), 65_536);

/** A fast brotli level: these answers are made per request. */
export const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * The app's @fastify/compress options (app.ts): HTML, CSS and JSON answers, brotli or gzip as the
 * client asks. The docs list's fast path compresses its copies with the same settings.
 */
export const COMPRESS_OPTIONS: FastifyCompressOptions = {
  global: true,
  threshold: COMPRESS_THRESHOLD,
  syncThreshold: COMPRESS_SYNC_THRESHOLD,
  encodings: ['br', 'gzip'],
  brotliOptions: BROTLI_OPTIONS,
  customTypes: /^(text\/(html|css|plain)|application\/(json|problem\+json|javascript))\b/,
};
