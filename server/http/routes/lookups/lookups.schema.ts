import { type TProperties, Type } from '@sinclair/typebox';
import { SLUG_MAX_LENGTH } from '../../../../common/limits.js';
import { Label } from '../shared.schema.js';

/** One choice of the widget's lists (products, reasons, urgencies). */
export const Options = Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), slug: Type.String() }));

/** A term as its create and update routes return it. */
export const TermReply = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  client_label: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Statuses: what the client reads' })),
});

const Slug = Type.String({ minLength: 1, maxLength: SLUG_MAX_LENGTH, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' });
const Order = Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 });

/** The bodies that create and change a term of one lookup; `extra` adds the fields only that lookup has. */
export function termWriteBodies<Extra extends TProperties>(extra: Extra) {
  return {
    create: Type.Object(
      { name: Label(), slug: Type.Optional(Slug), order: Type.Optional(Order), ...extra },
      { additionalProperties: false },
    ),
    update: Type.Object(
      { name: Type.Optional(Label()), slug: Type.Optional(Slug), order: Type.Optional(Order), ...extra },
      { additionalProperties: false },
    ),
  };
}
/** What every lookup's bodies hold, the type the shared routes take (a lookup's own fields are more). */
export type TermWriteBodies = ReturnType<typeof termWriteBodies<Record<never, never>>>;

/** Reasons and urgencies: a name, a slug and an order. */
export const LookupWriteBodies = termWriteBodies({});
