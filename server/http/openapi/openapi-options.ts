import type { SwaggerOptions } from '@fastify/swagger';
import type { Config } from '../../config/config-types.js';
import { completeContract, type OpenApiDocument, SECURITY_SCHEMES } from './complete-contract.js';
import { webhooksSection } from './webhook-payloads.js';

/** @fastify/swagger's options: the document's frame, shared schemas under their own names, and completeContract. */
export function openApiOptions(config: Config): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        // i18n-exempt: the API document's name; the API and its description are English
        title: 'Helpdesk API',
        version: '1.0.0',
        description:
          'REST API of the helpdesk: public ticket intake and lookups, and management routes for agents and admins. ' +
          'Every error is an RFC 9457 problem (application/problem+json) with a ' +
          'stable `code` and, for bad input, the `errors` of each field.',
      },
      servers: [{ url: config.homeUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    // Shared schemas keep their $id as their name (`Problem`), not `def-0`.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transformObject: (documents) => {
      if (!('openapiObject' in documents)) return documents.swaggerObject;
      // The generated document is plain JSON; completeContract reads it through its own narrow shape.
      completeContract(documents.openapiObject as unknown as OpenApiDocument);
      // What the helpdesk POSTs to webhook subscribers (OpenAPI 3.1 `webhooks`).
      Object.assign(documents.openapiObject, { webhooks: webhooksSection() });
      return documents.openapiObject;
    },
  };
}
