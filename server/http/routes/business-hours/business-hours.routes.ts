import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { diffChanges, recordAudit } from '../../../audit/record-audit.js';
import type { BusinessHoursOverride } from '../../../domain/business-hours/business-hours.js';
import { createBusinessHours } from '../../../domain/business-hours/create-business-hours.js';
import { deleteBusinessHours } from '../../../domain/business-hours/delete-business-hours.js';
import { getBusinessHours } from '../../../domain/business-hours/get-business-hours.js';
import { listBusinessHours } from '../../../domain/business-hours/list-business-hours.js';
import { editBusinessHours } from '../../../domain/sla/edit-business-hours.js';
import { auditOf } from '../../audit-of.js';
import { requireAdmin } from '../../plugins/auth.js';
import { replyCreated } from '../../reply-created.js';
import type { RouteServices } from '../../services.js';
import { IdParams, problemResponses } from '../shared.schema.js';
import { BusinessHoursCreateBody, BusinessHoursSchema, BusinessHoursUpdateBody } from './business-hours.schema.js';
import { presentBusinessHours } from './business-hours-presenter.js';

const tags = ['business-hours'];

type OverrideBody = { date: string; name?: string; intervals: BusinessHoursOverride['intervals'] };
const overridesOf = (list: OverrideBody[] | undefined) =>
  list?.map((o) => ({ date: o.date, name: o.name?.trim() ?? '', intervals: o.intervals }));

/** Business hours (admins): the schedules service levels count their time on, with holidays and special days. */
export const businessHoursRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/business-hours/',
    {
      schema: {
        summary: 'Every business-hours schedule, the default first',
        tags,
        response: { 200: Type.Array(BusinessHoursSchema), ...problemResponses(401, 403) },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      reply.header('cache-control', 'private, no-store');
      return (await listBusinessHours(ctx)).map(presentBusinessHours);
    },
  );

  app.post(
    '/business-hours/',
    {
      schema: {
        summary: 'Add a business-hours schedule: a zone, a week of intervals, holidays and special days',
        tags,
        body: BusinessHoursCreateBody,
        response: { 201: BusinessHoursSchema, ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const { name, time_zone, week, overrides, is_default } = request.body;
      const created = await createBusinessHours(ctx, {
        name,
        timeZone: time_zone ?? null,
        week,
        overrides: overridesOf(overrides),
        isDefault: is_default,
      });
      await recordAudit(ctx.db, auditOf(request), {
        action: 'business_hours.created',
        targetType: 'business_hours',
        targetId: created.id,
        targetLabel: created.name,
      });
      replyCreated(request, reply, created.id);
      return presentBusinessHours(created);
    },
  );

  app.get(
    '/business-hours/:id',
    {
      schema: {
        summary: 'One business-hours schedule',
        tags,
        params: IdParams,
        response: { 200: BusinessHoursSchema, ...problemResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      reply.header('cache-control', 'private, no-store');
      return presentBusinessHours(await getBusinessHours(ctx, request.params.id));
    },
  );

  app.patch(
    '/business-hours/:id',
    {
      schema: {
        summary: 'Change a business-hours schedule: the fields given replace the stored ones, `overrides` as a whole list',
        description:
          'New hours (week, overrides or zone) move the due times of the running tickets whose policy counts on them within moments ' +
          '(a background job, in batches), with the business time used so far kept.',
        tags,
        params: IdParams,
        body: BusinessHoursUpdateBody,
        response: { 200: BusinessHoursSchema, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      requireAdmin(request);
      const { name, time_zone, week, overrides, is_default } = request.body;
      const { modified: _b, effective_time_zone: _z, ...before } = presentBusinessHours(await getBusinessHours(ctx, request.params.id));
      const updated = await editBusinessHours(ctx, request.params.id, {
        ...(name !== undefined && { name }),
        ...(time_zone !== undefined && { timeZone: time_zone }),
        ...(week !== undefined && { week }),
        ...(overrides !== undefined && { overrides: overridesOf(overrides) }),
        ...(is_default !== undefined && { isDefault: is_default }),
      });
      const { modified: _a, effective_time_zone: _y, ...after } = presentBusinessHours(updated);
      // Old → new of each field changed (the week and the special days as whole values).
      await recordAudit(ctx.db, auditOf(request), {
        action: 'business_hours.updated',
        targetType: 'business_hours',
        targetId: updated.id,
        targetLabel: updated.name,
        details: { changes: diffChanges(before, after) },
      });
      return presentBusinessHours(updated);
    },
  );

  app.delete(
    '/business-hours/:id',
    {
      schema: {
        summary: 'Delete a business-hours schedule (not the default: make another the default first)',
        tags,
        params: IdParams,
        response: { 204: Type.Null(), ...problemResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const schedule = await getBusinessHours(ctx, request.params.id);
      await deleteBusinessHours(ctx, request.params.id);
      await recordAudit(ctx.db, auditOf(request), {
        action: 'business_hours.deleted',
        targetType: 'business_hours',
        targetId: schedule.id,
        targetLabel: schedule.name,
      });
      reply.status(204);
    },
  );
};
