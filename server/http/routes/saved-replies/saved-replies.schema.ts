import { Type } from '@sinclair/typebox';
import { COMMENT_TEXT_MAX, SAVED_REPLY_TITLE_MAX } from '../../../../common/limits.js';
import { REPLY_PLACEHOLDERS } from '../../../../common/reply-placeholders.js';
import { Label } from '../shared.schema.js';

const PLACEHOLDER_HELP = REPLY_PLACEHOLDERS.map((p) => `##${p.name}##`).join(', ');

const Title = Label(SAVED_REPLY_TITLE_MAX);
const Text = Type.String({
  minLength: 1,
  maxLength: COMMENT_TEXT_MAX,
  format: 'multi-line',
  description: `Markdown; placeholders ${PLACEHOLDER_HELP} are filled from the ticket, others are left as typed`,
});
const Shared = Type.Boolean({ description: 'Shared with every agent (admins only); false or left out: your own' });

export const SavedReplyCreateBody = Type.Object(
  { title: Title, text: Text, shared: Type.Optional(Shared) },
  { additionalProperties: false },
);

export const SavedReplyUpdateBody = Type.Object(
  { title: Type.Optional(Title), text: Type.Optional(Text), shared: Type.Optional(Shared) },
  { additionalProperties: false, minProperties: 1 },
);

export const SavedReplyQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200, description: 'Words the title or text contains' })),
    ticket: Type.Optional(
      Type.Integer({ minimum: 1, description: "A ticket's id: each reply then also comes with `filled`, its placeholders filled for it" }),
    ),
  },
  { additionalProperties: false },
);

export const SavedReplySchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  text: Type.String({ description: 'As typed, placeholders included' }),
  filled: Type.Optional(Type.String({ description: 'With `ticket`: the text with its placeholders filled for that ticket' })),
  shared: Type.Boolean(),
  owner: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()], { description: 'Null when shared' }),
  editable: Type.Boolean({ description: 'Whether you may change or delete it' }),
  created: Type.String(),
  modified: Type.String(),
});
