import { Type } from '@sinclair/typebox';

const Choice = Type.Object({ value: Type.String(), label: Type.String() });

/** The answer of GET /tickets/form/ (see describe-ticket-form.ts). */
export const TicketFormSchema = Type.Object({
  site: Type.Object({
    name: Type.String(),
    brand_color: Type.String({ description: '#rrggbb' }),
    language: Type.String({
      description: 'The site’s language (General → Site language): the texts’ language when `lang` names none shipped',
    }),
  }),
  lang: Type.String({ description: 'The language of `texts` and of the built-in fields’ labels: `lang` when shipped, else the site’s' }),
  dir: Type.Union([Type.Literal('ltr'), Type.Literal('rtl')], { description: 'Its writing direction' }),
  position: Type.Union([Type.Literal('left'), Type.Literal('right')], {
    description: 'The launcher’s corner (Tickets → Widget texts; by default the end of a line: right, left in Arabic)',
  }),
  launcher_hidden: Type.Boolean({
    description: "Tickets → Widget texts → Hide the launcher button: the page opens the widget itself (`Helpdesk('open')`)",
  }),
  identity_required: Type.Boolean({
    description: "Only visitors with a valid identity token (`Helpdesk('identify', token)`) may file: the widget says so to others",
  }),
  texts: Type.Record(Type.String(), Type.String(), {
    description:
      'Every message the widget shows, in ICU MessageFormat (`{name}`, `{n, plural, …}`), keyed without the `widget.` ' +
      'namespace; the owner’s wording from Tickets → Widget texts in place of the built-in launcher label, title, ' +
      'introduction and thanks text',
  }),
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

/** The query of GET /tickets/form/. */
export const TicketFormQuery = Type.Object({
  lang: Type.Optional(
    Type.String({
      maxLength: 35,
      description:
        'The language of the widget’s texts (a BCP 47 tag: `de`, `de-AT`, `ar`); one not shipped, or none, gives the ' +
        'site’s language. The widget sends the visitor’s browser language, or its script tag’s `data-lang`.',
    }),
  ),
});
