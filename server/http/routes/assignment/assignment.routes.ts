import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { openTicketCounts } from '../../../domain/assignment/assign-fairly.js';
import { type AgentAssignment, readAgentAssignments, readProductAssignmentMode } from '../../../domain/assignment/read-agent-assignment.js';
import { setProductAssignmentMode } from '../../../domain/assignment/set-product-assignment-mode.js';
import { updateAgentAssignment } from '../../../domain/assignment/update-agent-assignment.js';
import { assertProductExists } from '../../../domain/content/product-post-types.js';
import type { DomainContext } from '../../../domain/context.js';
import { listStaff } from '../../../domain/people/staff-users.js';
import { requireAdmin, requireStaff } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { IdParams } from '../shared.schema.js';
import {
  listAssignmentResponse,
  OwnAvailabilityBody,
  ownAssignmentResponse,
  ProductAssignmentBody,
  productAssignmentResponse,
  setOwnAvailabilityResponse,
  UpdateAgentAssignmentBody,
  updateAgentAssignmentResponse,
} from './assignment.schema.js';

const tags = ['assignment'];

/** A person's assignment settings with their open tickets, as the API shows them. */
async function presentAssignments(ctx: DomainContext, userIds: number[]) {
  const [settings, open] = await Promise.all([readAgentAssignments(ctx.db, userIds), openTicketCounts(ctx.db, userIds)]);
  return userIds.map((id) => present(id, settings.get(id) as AgentAssignment, open.get(id) ?? 0));
}

function present(userId: number, a: AgentAssignment, openTickets: number) {
  return {
    user_id: userId,
    available: a.available,
    open_ticket_limit: a.openTicketLimit,
    schedule_id: a.scheduleId,
    open_tickets: openTickets,
  };
}

/**
 * Fair assignment (server/domain/assignment/): each person's Available/Away switch, an admin's limits and working hours
 * per person, a product's own mode. The site's mode and limit are settings (Tickets → Fair assignment).
 */
export const assignmentRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/users/me/assignment',
    {
      schema: {
        summary: 'Your availability for fair assignment, limit, working hours and open tickets',
        tags,
        response: ownAssignmentResponse,
      },
    },
    async (request, reply) => {
      const actor = requireStaff(request);
      reply.header('cache-control', 'no-store');
      return (await presentAssignments(ctx, [actor.id]))[0];
    },
  );

  app.put(
    '/users/me/assignment',
    {
      schema: {
        summary: 'Set yourself Available (fair assignment may give you new tickets) or Away (agents and admins)',
        tags,
        body: OwnAvailabilityBody,
        response: setOwnAvailabilityResponse,
      },
    },
    async (request) => {
      const actor = requireStaff(request);
      await updateAgentAssignment(ctx, actor.id, { available: request.body.available });
      return (await presentAssignments(ctx, [actor.id]))[0];
    },
  );

  app.get(
    '/users/assignment/',
    {
      schema: {
        summary: "Every agent's and admin's availability, limit, working hours and open tickets (agents and admins)",
        tags,
        response: listAssignmentResponse,
      },
    },
    async (request) => {
      requireStaff(request);
      const staff = await listStaff(ctx);
      return presentAssignments(
        ctx,
        staff.map((user) => user.id),
      );
    },
  );

  app.patch(
    '/users/:id/assignment',
    {
      schema: {
        summary: "Set an agent's or admin's availability, own limit of open tickets or working hours (admins only)",
        tags,
        params: IdParams,
        body: UpdateAgentAssignmentBody,
        response: updateAgentAssignmentResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      const { available, open_ticket_limit: openTicketLimit, schedule_id: scheduleId } = request.body;
      await updateAgentAssignment(ctx, request.params.id, { available, openTicketLimit, scheduleId });
      return (await presentAssignments(ctx, [request.params.id]))[0];
    },
  );

  app.get(
    '/products/:id/assignment',
    {
      schema: {
        summary: "A product's own assignment mode (null: the site's)",
        tags,
        params: IdParams,
        response: productAssignmentResponse,
      },
    },
    async (request) => {
      requireStaff(request);
      await assertProductExists(ctx, request.params.id, 'id');
      return { product_id: request.params.id, mode: await readProductAssignmentMode(ctx.db, request.params.id) };
    },
  );

  app.put(
    '/products/:id/assignment',
    {
      schema: {
        summary: "Set a product's own assignment mode, or null to follow the site's (admins only)",
        tags,
        params: IdParams,
        body: ProductAssignmentBody,
        response: productAssignmentResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      await setProductAssignmentMode(ctx, request.params.id, request.body.mode);
      return { product_id: request.params.id, mode: request.body.mode };
    },
  );
};
