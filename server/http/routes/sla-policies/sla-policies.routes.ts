import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import { diffChanges, recordAudit } from '../../../audit/record-audit.js';
import { createSlaPolicy } from '../../../domain/sla/create-sla-policy.js';
import { deleteSlaPolicy } from '../../../domain/sla/delete-sla-policy.js';
import { previewSla } from '../../../domain/sla/preview-sla.js';
import { reorderSlaPolicies } from '../../../domain/sla/reorder-sla-policies.js';
import { draftPolicy, findSlaPolicy, readSlaPolicies, type SlaPolicy, type SlaPolicyInput } from '../../../domain/sla/sla-policy.js';
import { updateSlaPolicy } from '../../../domain/sla/update-sla-policy.js';
import { auditOf } from '../../audit-of.js';
import { requireAdmin } from '../../plugins/auth.js';
import { replyCreated } from '../../reply-created.js';
import type { RouteServices } from '../../services.js';
import { IdParams } from '../shared.schema.js';
import {
  createSlaPolicyResponse,
  deleteSlaPolicyResponse,
  PreviewSlaBody,
  previewSlaResponse,
  ReorderSlaPoliciesBody,
  reorderSlaPoliciesResponse,
  replaceSlaPolicyResponse,
  SlaPolicyBody,
  slaPolicyListResponse,
  slaPolicyResponse,
} from './sla-policies.schema.js';

const tags = ['sla-policies'];

/**
 * Service-level policies (admins only): tried in order, the first whose conditions all match a ticket applies,
 * with its targets for the ticket's urgency (first reply, next reply, resolution) on its schedule. A preview tells
 * when a ticket filed now would be due.
 */
export const slaPoliciesRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/sla-policies/',
    { schema: { summary: 'Every service-level policy, in the order they are tried', tags, response: slaPolicyListResponse } },
    async (request) => {
      requireAdmin(request);
      return (await readSlaPolicies(ctx.db)).map(presentPolicy);
    },
  );

  app.post(
    '/sla-policies/',
    {
      schema: {
        summary: 'Add a service-level policy, tried after the others',
        description:
          'The running tickets take the policies as they now are within moments (a background job, in batches), ' +
          'with the business time used so far kept.',
        tags,
        body: SlaPolicyBody,
        response: createSlaPolicyResponse,
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const policy = await createSlaPolicy(ctx.db, inputOf(request.body), ctx.now());
      await recordAudit(ctx.db, auditOf(request), { action: 'sla_policy.created', ...policyTarget(policy) });
      replyCreated(request, reply, policy.id);
      return presentPolicy(policy);
    },
  );

  app.put(
    '/sla-policies/order',
    {
      schema: {
        summary: 'Put the service-level policies in a new order',
        description:
          'The running tickets take the policies as they now are within moments (a background job, in batches), ' +
          'with the business time used so far kept.',
        tags,
        body: ReorderSlaPoliciesBody,
        response: reorderSlaPoliciesResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      const before = (await readSlaPolicies(ctx.db)).map((p) => p.name);
      const ordered = await reorderSlaPolicies(ctx.db, request.body.ids, ctx.now());
      // The order as names, old → new, as the rules' order is recorded.
      await recordAudit(ctx.db, auditOf(request), {
        action: 'sla_policy.reordered',
        targetType: 'sla_policy',
        details: { changes: { order: { old: before, new: ordered.map((p) => p.name) } } },
      });
      return ordered.map(presentPolicy);
    },
  );

  app.post(
    '/sla-policies/preview',
    {
      schema: {
        summary: 'When a ticket filed now would be due, under the saved policies or a draft',
        tags,
        body: PreviewSlaBody,
        response: previewSlaResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      const { ticket, policy } = request.body;
      const preview = await previewSla(
        ctx.db,
        {
          urgency: ticket.urgency ?? null,
          reason: ticket.reason ?? null,
          product: ticket.product ?? null,
          tags: ticket.tags ?? [],
          channel: ticket.channel ?? null,
          fields: ticket.fields ?? {},
        },
        ctx.now(),
        policy ? draftPolicy(inputOf(policy)) : undefined,
      );
      return {
        policy: preview.policy,
        filed_at: preview.filedAt,
        targets: preview.targets.map((t) => ({ metric: t.metric, minutes: t.minutes, due_at: t.dueAt })),
      };
    },
  );

  app.get(
    '/sla-policies/:id',
    { schema: { summary: 'One service-level policy', tags, params: IdParams, response: slaPolicyResponse } },
    async (request) => {
      requireAdmin(request);
      return presentPolicy(await findSlaPolicy(ctx.db, request.params.id));
    },
  );

  app.put(
    '/sla-policies/:id',
    {
      schema: {
        summary: 'Replace a service-level policy’s settings (its place in the order stays)',
        description:
          'The running tickets take the policies as they now are within moments (a background job, in batches), ' +
          'with the business time used so far kept.',
        tags,
        params: IdParams,
        body: SlaPolicyBody,
        response: replaceSlaPolicyResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      const before = presentPolicy(await findSlaPolicy(ctx.db, request.params.id));
      const after = presentPolicy(await updateSlaPolicy(ctx.db, request.params.id, inputOf(request.body), ctx.now()));
      // Old → new of each field changed; the times of the change itself are no change.
      const { updated: _b, ...old } = before;
      const { updated: _a, ...now } = after;
      await recordAudit(ctx.db, auditOf(request), {
        action: 'sla_policy.updated',
        targetType: 'sla_policy',
        targetId: after.id,
        targetLabel: after.name,
        details: { changes: diffChanges(old, now) },
      });
      return after;
    },
  );

  app.delete(
    '/sla-policies/:id',
    {
      schema: {
        summary: 'Delete a service-level policy',
        description: 'Its running tickets find their next policy (or none) within moments (a background job).',
        tags,
        params: IdParams,
        response: deleteSlaPolicyResponse,
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const policy = await findSlaPolicy(ctx.db, request.params.id);
      await deleteSlaPolicy(ctx.db, request.params.id, ctx.now());
      await recordAudit(ctx.db, auditOf(request), { action: 'sla_policy.deleted', ...policyTarget(policy) });
      reply.status(204);
    },
  );
};

/** A policy as the audit log names it: its id and name (both outlive the policy in the entry). */
const policyTarget = (p: SlaPolicy) => ({ targetType: 'sla_policy', targetId: p.id, targetLabel: p.name });

function inputOf(body: Static<typeof SlaPolicyBody>): SlaPolicyInput {
  return {
    name: body.name,
    conditions: body.conditions,
    businessHoursId: body.business_hours_id,
    targets: body.targets,
    pauseStatuses: body.pause_statuses,
    warnBeforeMinutes: body.warn_before_minutes,
  };
}

function presentPolicy(p: SlaPolicy) {
  return {
    id: p.id,
    name: p.name,
    position: p.position,
    conditions: p.conditions,
    business_hours_id: p.businessHoursId,
    targets: p.targets,
    pause_statuses: p.pauseStatuses,
    warn_before_minutes: p.warnBeforeMinutes,
    created: p.createdAt,
    updated: p.updatedAt,
  };
}
