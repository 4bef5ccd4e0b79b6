import { Type } from '@sinclair/typebox';
import { problemResponses } from '../shared.schema.js';

const Done = Type.Object({ done: Type.Boolean() });

/** What a new site still lacks, and whom the widget turns away. */
export const Checklist = Type.Object({
  mail: Type.Object({ done: Type.Boolean(), detail: Type.String({ description: 'Where mail goes, in words' }) }),
  first_doc: Done,
  first_agent: Done,
  widget: Type.Object(
    {
      accepts_tickets: Type.Boolean({ description: 'Tickets → "Accept tickets from the widget" is on' }),
      accepts_new_visitors: Type.Boolean({
        description:
          'An account may be made for a new address (the settings and the helpdesk_can_register_users filter together), ' +
          'so the widget takes tickets from new visitors',
      }),
    },
    { description: 'Who the widget turns away now; the inbox warns of it' },
  ),
});

export const checklistResponse = { 200: Checklist, ...problemResponses(401, 403) };
