import { Type } from '@sinclair/typebox';

const Choice = Type.Object({ value: Type.String(), label: Type.String() });

/** The answer of GET /tickets/form/ (see describe-ticket-form.ts). */
export const TicketFormSchema = Type.Object({
  site: Type.Object({ name: Type.String(), brand_color: Type.String({ description: '#rrggbb' }) }),
  fields: Type.Array(
    Type.Object({
      name: Type.String({ description: 'The parameter POST /tickets/ reads it from (`custom_<key>` for custom fields)' }),
      label: Type.String(),
      type: Type.Union([Type.Literal('text'), Type.Literal('textarea'), Type.Literal('select'), Type.Literal('checkbox')]),
      required: Type.Boolean(),
      builtin: Type.Boolean(),
      max: Type.Optional(Type.Integer({ description: 'Most characters accepted' })),
      choices: Type.Optional(Type.Array(Choice, { description: 'A select’s choices; the value is what is posted' })),
    }),
  ),
  attachments: Type.Object(
    {
      allowed: Type.Boolean({ description: 'Whether a visitor who is not signed in may attach files' }),
      max_file_bytes: Type.Integer({ description: 'Most bytes one file may have' }),
      max_files: Type.Integer({ description: 'Most files one message may carry' }),
      kinds: Type.String({ description: 'The allowed kinds of file in words; the kind is decided from the content' }),
      min_fill_ms: Type.Number({
        description: 'Fewest milliseconds from opening the form to sending it (`fill_ms`); the widget checks it before uploading',
      }),
    },
    { description: 'Tickets → Attachments as they apply to a visitor (multipart `attachments` parts on POST /tickets/)' },
  ),
});
