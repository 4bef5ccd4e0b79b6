import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { Config } from '../../config/config-types.js';
import type { Hooks } from '../../hooks/create-hooks.js';
import type { SiteTemplate } from '../site-template.js';
import { type EmbedAssets, embedBody, prepareEmbedAssets } from './embed-assets.js';
import { embedServerFactory } from './embed-fast-path.js';
import { embedTemplate } from './embed-template.js';
import { loadWidgetScript } from './widget-script.js';

export interface Embed {
  assets: EmbedAssets;
  /** The widget's attachment code (GET /helpdesk/tickets/embed/files/), without the HELPDESK_HOME_URL line. */
  filesAssets: EmbedAssets;
  /** The doc suggestions and article view (GET /helpdesk/tickets/embed/suggest/), loaded when the visitor first types. */
  suggestAssets: EmbedAssets;
  /** Fastify's `serverFactory`: the app's HTTP server with the widget's fast path. */
  serverFactory: FastifyServerFactory<Server>;
  /** The router's template for the widget (requests that reach Fastify: inject, exits, errors). */
  template: SiteTemplate;
}

/**
 * Everything GET /helpdesk/tickets/embed/ (spec §4.1) sends, prepared once at start-up: the
 * HELPDESK_HOME_URL line plus the widget script, raw, gzip and brotli, with strong ETags; and the same
 * for the attachment code the widget loads when its form opens (the widget hands it the home URL).
 */
export async function prepareEmbed(
  config: Pick<Config, 'homeUrl' | 'basePath' | 'httpLimits'> & Partial<Pick<Config, 'trustProxyHops'>>,
  hooks: Hooks,
  options: {
    script?: string;
    filesScript?: string;
    suggestScript?: string;
    /** Other fast paths of the HTTP server (the docs list's), tried for GET and HEAD before Fastify. */
    beforeFastify?: ReadonlyArray<(req: IncomingMessage, res: ServerResponse) => boolean>;
    /** False sends the widget's requests to Fastify too (HELPDESK_PERFORMANCE_OFF=fast-paths). */
    isFastPathOn?: boolean;
  } = {},
): Promise<Embed> {
  const assets = prepareEmbedAssets(embedBody(config.homeUrl, options.script ?? (await loadWidgetScript())));
  const filesAssets = prepareEmbedAssets(options.filesScript ?? (await loadWidgetScript('files')));
  const suggestAssets = prepareEmbedAssets(options.suggestScript ?? (await loadWidgetScript('suggest')));
  return {
    assets,
    filesAssets,
    suggestAssets,
    serverFactory: embedServerFactory({
      assets,
      filesAssets,
      suggestAssets,
      basePath: config.basePath,
      hooks,
      httpLimits: config.httpLimits,
      trustProxyHops: config.trustProxyHops,
      beforeFastify: options.beforeFastify,
      isFastPathOn: options.isFastPathOn,
    }),
    template: embedTemplate(assets, filesAssets, suggestAssets),
  };
}
