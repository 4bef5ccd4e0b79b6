import type { SiteTemplate } from '../site-template.js';
import type { EmbedAssets } from './embed-assets.js';
import { writeEmbed } from './write-embed.js';

/**
 * The front-end router's template for `helpdesk_tickets_embed`: answers through the same writer as
 * the fast path, so both send identical bytes and headers (helmet's page headers do not apply to
 * a script meant for other sites).
 */
export function embedTemplate(assets: EmbedAssets, filesAssets?: EmbedAssets, suggestAssets?: EmbedAssets): SiteTemplate {
  const partAssets = (part: string | undefined) => (part === 'files' ? filesAssets : part === 'suggest' ? suggestAssets : assets);
  return {
    claims: (vars) => vars.helpdesk_tickets_embed === '1' && partAssets(vars.helpdesk_tickets_embed_part) !== undefined,
    async render(front, reply) {
      reply.hijack();
      const part = partAssets(front.queryVars.helpdesk_tickets_embed_part) ?? assets;
      writeEmbed(part, front.method, reply.request.headers, reply.raw);
      return reply;
    },
  };
}
