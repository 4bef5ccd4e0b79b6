import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { HttpLimits } from '../../config/config-types.js';
import { DEFAULT_HTTP_LIMITS } from '../../config/http-limits.js';
import type { Hooks } from '../../hooks/create-hooks.js';
import { capConnectionsPerAddress } from '../../http/connection-cap.js';
import { applySilenceTimeouts, httpServerOptions } from '../../http/http-server-limits.js';
import { CANONICAL_REDIRECT } from '../canonical-redirect.js';
import { handOverEarlyFront } from '../early-front.js';
import { createFrontRequest } from '../front-request.js';
import { matchRewriteRules, REWRITE_RULES } from '../rewrite-rules.js';
import type { EmbedAssets } from './embed-assets.js';
import { sendEmbed } from './write-embed.js';

export interface EmbedFastPathOptions {
  assets: EmbedAssets;
  /** The attachment code (…/embed/files/); without it that address goes on to Fastify. */
  filesAssets?: EmbedAssets;
  /** The doc suggestions (…/embed/suggest/); without them that address goes on to Fastify. */
  suggestAssets?: EmbedAssets;
  basePath: string;
  hooks: Hooks;
  /** Timeouts and the per-address connection cap (defaults when absent). */
  httpLimits?: HttpLimits;
  /** Trusted proxy hops: behind proxies the per-address connection cap is off. */
  trustProxyHops?: number;
  /** Other fast paths for GET and HEAD (the docs list's): each answers and says true, or leaves the request to Fastify. */
  beforeFastify?: ReadonlyArray<(req: IncomingMessage, res: ServerResponse) => boolean>;
  /** False: the widget's requests go to Fastify like all others (HELPDESK_PERFORMANCE_OFF=fast-paths). */
  isFastPathOn?: boolean;
}

/**
 * The HTTP server of the app, with a fast path for the widget script: it is fetched on every page
 * view of every site that embeds it, and Fastify's per-request work (request objects, routing,
 * helmet, auth and logging hooks) costs a third of the throughput of a bare server. The fast path
 * still runs template_redirect first; when a handler exits or throws, the request goes on to
 * Fastify with that outcome, so redirects, 404s and errors are answered exactly as on any page.
 * While the only callback on template_redirect is the core's canonical redirect, which leaves a
 * slashed path alone, the slashed address is answered straight from the prepared buffers: no
 * FrontRequest, no query parsing, no promise.
 */
export function embedServerFactory({
  assets,
  filesAssets,
  suggestAssets,
  basePath,
  hooks,
  httpLimits = DEFAULT_HTTP_LIMITS,
  trustProxyHops = 0,
  beforeFastify = [],
  isFastPathOn = true,
}: EmbedFastPathOptions): FastifyServerFactory<Server> {
  const prefix = `${basePath}/helpdesk/tickets/embed`;
  const slashed = `${prefix}/`;
  const QUESTION_MARK = 63;
  // The rewrite rules decide what the address is; checked once rather than assumed.
  const slashedIsEmbed = matchRewriteRules(REWRITE_RULES, slashed.slice(basePath.length + 1))?.helpdesk_tickets_embed === '1';
  // Whether template_redirect has callbacks besides the canonical redirect, per hook-registry version.
  let checkedVersion = -1;
  let onlyCanonical = false;
  const nothingToRedirect = () => {
    if (checkedVersion !== hooks.version) {
      onlyCanonical = hooks.actionNamespaces('template_redirect').every((namespace) => namespace === CANONICAL_REDIRECT);
      checkedVersion = hooks.version;
    }
    return onlyCanonical;
  };
  // The slashed address, with or without a query string (the rewrite rules only see the path).
  const isSlashed = (url: string) =>
    url.startsWith(slashed) && (url.length === slashed.length || url.charCodeAt(slashed.length) === QUESTION_MARK);

  const serveFast = async (req: IncomingMessage, res: ServerResponse, next: (req: IncomingMessage, res: ServerResponse) => void) => {
    const front = createFrontRequest(req.method ?? 'GET', req.url ?? '/', basePath, req.headers);
    if (front.queryVars.helpdesk_tickets_embed !== '1') return next(req, res);
    const partName = front.queryVars.helpdesk_tickets_embed_part;
    const part = partName === 'files' ? filesAssets : partName === 'suggest' ? suggestAssets : assets;
    if (!part) return next(req, res);
    try {
      await hooks.doAction('template_redirect', front);
    } catch (error) {
      handOverEarlyFront(req, { error });
      return next(req, res);
    }
    if (front.isExited) {
      handOverEarlyFront(req, { front });
      return next(req, res);
    }
    sendEmbed(part, front.method, req.headers, res);
  };

  return (fastifyHandler, options) => {
    const server = createServer({ ...(options.http as ServerOptions), ...httpServerOptions(httpLimits) }, (req, res) => {
      if (isFastPathOn && (req.method === 'GET' || req.method === 'HEAD') && req.url?.startsWith(prefix)) {
        if (slashedIsEmbed && isSlashed(req.url) && nothingToRedirect()) return sendEmbed(assets, req.method, req.headers, res);
        void serveFast(req, res, fastifyHandler);
        return;
      }
      if (req.method === 'GET' || req.method === 'HEAD') for (const fastPath of beforeFastify) if (fastPath(req, res)) return;
      fastifyHandler(req, res);
    });
    // Instead of Fastify's own timeouts (fastify/lib/server.js), which leave a stalled body unbounded.
    applySilenceTimeouts(server, httpLimits);
    capConnectionsPerAddress(server, httpLimits.maxConnectionsPerAddress, trustProxyHops);
    if ((options.maxRequestsPerSocket as number) > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket as number;
    return server;
  };
}
