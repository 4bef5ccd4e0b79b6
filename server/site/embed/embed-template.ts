import type { FastifyReply } from 'fastify';
import type { Config } from '../../config/config-types.js';
import type { FrontRequest } from '../front-request.js';
import type { SiteTemplate } from '../site-template.js';
import { type EmbedAssets, embedBody, matchesIfNoneMatch, prepareEmbedAssets } from './embed-assets.js';
import { negotiateEncoding } from './negotiate-encoding.js';
import { loadWidgetScript } from './widget-script.js';

/**
 * The script is embedded on every page view of other sites: browsers may use it for 5 minutes
 * without asking, then keep using it for a day while revalidating in the background (a 304 thanks
 * to the ETag). A redeploy so reaches every site within minutes, and a slow help site never
 * delays a host page's next view.
 */
export const EMBED_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

/** The headers every embed answer carries, 200 and 304 alike. */
export const EMBED_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/javascript; charset=utf-8',
  'cache-control': EMBED_CACHE_CONTROL,
  vary: 'Accept-Encoding',
  // Helmet's same-site default would stop other sites' <script> tags from using the response.
  'cross-origin-resource-policy': 'cross-origin',
  // Lets a host page load it with `crossorigin` (error details, SRI); the script is public.
  'access-control-allow-origin': '*',
  'x-content-type-options': 'nosniff',
};

/** What to answer for one embed request: the representation chosen by Accept-Encoding, or a 304. */
export function selectEmbedResponse(assets: EmbedAssets, headers: Readonly<Record<string, string | string[] | undefined>>) {
  const encoding = negotiateEncoding(headers['accept-encoding']);
  const representation = assets[encoding];
  const ifNoneMatch = headers['if-none-match'];
  const notModified = matchesIfNoneMatch(Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch, representation.etag);
  return { encoding, representation, notModified };
}

/** Sends the widget script for a request that reached the template (template_redirect already ran). */
export function sendEmbed(assets: EmbedAssets, front: FrontRequest, reply: FastifyReply): FastifyReply {
  const { encoding, representation, notModified } = selectEmbedResponse(assets, front.headers);
  reply.headers(EMBED_HEADERS).header('etag', representation.etag);
  if (notModified) return reply.status(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.status(200).send(representation.body);
}

/**
 * GET /helpdesk/tickets/embed/ (spec §4.1): `var HELPDESK_HOME_URL = "…";` then the widget script.
 * Built, compressed and hashed once here, at start-up.
 */
export async function embedTemplate(config: Pick<Config, 'homeUrl'>, script?: string): Promise<SiteTemplate & { assets: EmbedAssets }> {
  const assets = prepareEmbedAssets(embedBody(config.homeUrl, script ?? (await loadWidgetScript())));
  return {
    assets,
    claims: (vars) => vars.helpdesk_tickets_embed === '1',
    async render(front, reply) {
      return sendEmbed(assets, front, reply);
    },
  };
}
