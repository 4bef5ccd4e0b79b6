import { Type } from '@sinclair/typebox';
import { problemResponses } from '../shared.schema.js';

const MAX_LIMIT = 10_000;

const Limit = Type.Union([Type.Integer({ minimum: 1, maximum: MAX_LIMIT }), Type.Null()], {
  description: "The most open tickets fair assignment gives this person (1 to 10000); null: the site's `tickets.open_ticket_limit`",
});
const ScheduleId = Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
  description: 'Working hours: takes part only while this business-hours schedule is open; null: whenever available',
});

/** A staff member's part in fair assignment. */
export const AgentAssignmentReply = Type.Object({
  user_id: Type.Integer(),
  available: Type.Boolean({ description: 'Available (takes new tickets) or away' }),
  open_ticket_limit: Limit,
  schedule_id: ScheduleId,
  open_tickets: Type.Integer({ description: 'Tickets assigned to this person in any status but Resolved and Closed' }),
});

export const OwnAvailabilityBody = Type.Object(
  { available: Type.Boolean({ description: 'true: Available, fair assignment may give you new tickets; false: Away' }) },
  { additionalProperties: false },
);

export const UpdateAgentAssignmentBody = Type.Object(
  { available: Type.Optional(Type.Boolean()), open_ticket_limit: Type.Optional(Limit), schedule_id: Type.Optional(ScheduleId) },
  { additionalProperties: false, minProperties: 1 },
);

const Mode = Type.Union([Type.Literal('off'), Type.Literal('round_robin'), Type.Literal('fewest_open')]);

export const ProductAssignmentBody = Type.Object(
  {
    mode: Type.Union([Mode, Type.Null()], {
      description: "This product's tickets: off, round_robin or fewest_open; null: the site's `tickets.assignment_mode`",
    }),
  },
  { additionalProperties: false },
);
export const ProductAssignmentReply = Type.Object({ product_id: Type.Integer(), mode: Type.Union([Mode, Type.Null()]) });

export const ownAssignmentResponse = { 200: AgentAssignmentReply, ...problemResponses(401, 403) };
export const setOwnAvailabilityResponse = { 200: AgentAssignmentReply, ...problemResponses(400, 401, 403) };
export const listAssignmentResponse = { 200: Type.Array(AgentAssignmentReply), ...problemResponses(401, 403) };
export const updateAgentAssignmentResponse = { 200: AgentAssignmentReply, ...problemResponses(400, 401, 403, 404) };
export const productAssignmentResponse = { 200: ProductAssignmentReply, ...problemResponses(400, 401, 403, 404) };
