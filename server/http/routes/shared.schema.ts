import { Type } from '@sinclair/typebox';
import { LABEL_MAX_LENGTH } from '../../../common/limits.js';

/** The problem+json body every error response has (RFC 9457). */
export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String({ description: 'Stable UPPER_SNAKE error code.' }),
    errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), pointer: Type.String(), detail: Type.String() }))),
  },
  { $id: 'Problem', description: 'RFC 9457 problem details' },
);

export const problemResponses = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, Type.Ref(ProblemSchema)]));

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** A label shown to people: one line, not blank, bounded. */
export const Label = (maxLength = LABEL_MAX_LENGTH) => Type.String({ minLength: 1, maxLength, pattern: '\\S', format: 'single-line' });

/** A doc, product or page as the management routes return it (see presentPost). */
export const PostReply = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  status: Type.String(),
  title: Type.String(),
  content: Type.String(),
  slug: Type.String(),
  product: Type.Union([Type.Integer(), Type.Null()]),
  menu_order: Type.Integer(),
  created: Type.String(),
  modified: Type.String(),
});
