import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { type EmbedAssets, matchesIfNoneMatch } from './embed-assets.js';
import { negotiateEncoding } from './negotiate-encoding.js';

/**
 * Answers a GET or HEAD for the widget script from the prepared buffers: the coding the client
 * accepts, or 304 when If-None-Match names that representation's ETag. The caller has already run
 * template_redirect.
 */
export function writeEmbed(assets: EmbedAssets, method: string, requestHeaders: IncomingHttpHeaders, res: ServerResponse): void {
  // Through the router, helmet has already set its page headers (CSP, X-Frame-Options, a same-site
  // CORP…) on the response; the widget's answer is exactly the prepared one, as on the fast path.
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  sendEmbed(assets, method, requestHeaders, res);
}

/** writeEmbed on a response with no headers set yet (the socket fast path): nothing allocated per request. */
export function sendEmbed(assets: EmbedAssets, method: string, requestHeaders: IncomingHttpHeaders, res: ServerResponse): void {
  const representation = assets[negotiateEncoding(requestHeaders['accept-encoding'])];
  if (matchesIfNoneMatch(requestHeaders['if-none-match'], representation.etag)) {
    res.writeHead(304, representation.notModifiedHeaders).end();
    return;
  }
  res.writeHead(200, representation.okHeaders).end(method === 'HEAD' ? undefined : representation.body);
}
