import { Type } from '@sinclair/typebox';
import { termWriteBodies } from '../lookups/lookups.schema.js';
import { problemResponses } from '../shared.schema.js';

/** A status in the staff's list, with its position and the words the client reads. */
export const StatusReply = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  order: Type.Integer(),
  client_label: Type.Union([Type.String(), Type.Null()], { description: 'What the client reads; null shows the name' }),
});

export const statusListResponse = { 200: Type.Array(StatusReply), ...problemResponses(401, 403) };

// The words the client reads instead of the name ("Awaiting our reply" for Waiting).
const ClientLabel = Type.Optional(Type.Union([Type.String({ maxLength: 100, format: 'single-line' }), Type.Null()]));

/** A status is a term with the client's label besides. */
export const StatusWriteBodies = termWriteBodies({ client_label: ClientLabel });
