import { Type } from '@sinclair/typebox';
import { COMMENT_TEXT_MAX, SLUG_MAX_LENGTH } from '../../../../common/limits.js';
import { ExpectedVersion } from '../shared.schema.js';

export const CommentBody = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: COMMENT_TEXT_MAX, format: 'multi-line' }),
    internal: Type.Optional(Type.Boolean({ description: 'An internal note: agents only, never shown or mailed to the client' })),
    status: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: SLUG_MAX_LENGTH,
        description: 'Agents: a status slug set in the same change ("Send and set Resolved"); no automatic status move then',
      }),
    ),
    version: Type.Optional(ExpectedVersion),
  },
  { additionalProperties: false },
);

export const CommentReply = Type.Object({ id: Type.Integer(), moved_to: Type.Union([Type.String(), Type.Null()]) });
