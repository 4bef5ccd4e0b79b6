import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import { createRule } from '../../../domain/rules/create-rule.js';
import { deleteRule } from '../../../domain/rules/delete-rule.js';
import { previewRule } from '../../../domain/rules/preview-rule.js';
import { reorderRules } from '../../../domain/rules/reorder-rules.js';
import { findRule, type Rule, type RuleInput, readRules } from '../../../domain/rules/rule.js';
import { updateRule } from '../../../domain/rules/update-rule.js';
import { auditOf } from '../../audit-of.js';
import { requireAdmin } from '../../plugins/auth.js';
import { replyCreated } from '../../reply-created.js';
import type { RouteServices } from '../../services.js';
import { IdParams } from '../shared.schema.js';
import {
  createRuleResponse,
  deleteRuleResponse,
  previewRuleResponse,
  ReorderRulesBody,
  RuleBody,
  reorderRulesResponse,
  replaceRuleResponse,
  ruleListResponse,
  ruleResponse,
} from './rules.schema.js';

const tags = ['rules'];

/**
 * Rules (admins only): automations run in order on a ticket's events or on time, each firing recorded in the
 * ticket's activity under the rule's name. A preview lists the tickets a rule would touch now.
 */
export const rulesRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get('/rules/', { schema: { summary: 'Every rule, in the order they run', tags, response: ruleListResponse } }, async (request) => {
    requireAdmin(request);
    return (await readRules(ctx.db)).map(presentRule);
  });

  app.post(
    '/rules/',
    { schema: { summary: 'Add a rule, run after the others', tags, body: RuleBody, response: createRuleResponse } },
    async (request, reply) => {
      requireAdmin(request);
      const rule = await createRule(ctx.db, inputOf(request.body), ctx.now(), auditOf(request));
      replyCreated(request, reply, rule.id);
      return presentRule(rule);
    },
  );

  app.put(
    '/rules/order',
    { schema: { summary: 'Put the rules in a new order', tags, body: ReorderRulesBody, response: reorderRulesResponse } },
    async (request) => {
      requireAdmin(request);
      return (await reorderRules(ctx.db, request.body.ids, auditOf(request))).map(presentRule);
    },
  );

  app.get('/rules/:id', { schema: { summary: 'One rule', tags, params: IdParams, response: ruleResponse } }, async (request) => {
    requireAdmin(request);
    return presentRule(await findRule(ctx.db, request.params.id));
  });

  app.put(
    '/rules/:id',
    {
      schema: {
        summary: 'Replace a rule’s settings (its place in the order stays)',
        tags,
        params: IdParams,
        body: RuleBody,
        response: replaceRuleResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      return presentRule(await updateRule(ctx.db, request.params.id, inputOf(request.body), ctx.now(), auditOf(request)));
    },
  );

  app.delete(
    '/rules/:id',
    {
      schema: {
        summary: 'Delete a rule',
        description: 'The activity entries of its past firings stay, with its name.',
        tags,
        params: IdParams,
        response: deleteRuleResponse,
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      await deleteRule(ctx.db, request.params.id, auditOf(request));
      reply.status(204);
    },
  );

  app.get(
    '/rules/:id/preview',
    {
      schema: {
        summary: 'The tickets a rule would touch now, changing nothing',
        description:
          'A time rule: the tickets whose wait is over and on which it has not fired since their last change. Another rule: ' +
          'the tickets whose conditions hold now (it acts on them at their next such event), among the newest 5,000.',
        tags,
        params: IdParams,
        response: previewRuleResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      return previewRule(ctx.db, request.params.id, ctx.now());
    },
  );
};

function inputOf(body: Static<typeof RuleBody>): RuleInput {
  return {
    name: body.name,
    enabled: body.enabled ?? true,
    trigger: body.trigger,
    match: body.match ?? 'all',
    conditions: body.conditions ?? [],
    actions: body.actions,
    wait: body.wait ?? null,
  };
}

function presentRule(rule: Rule) {
  return {
    id: rule.id,
    name: rule.name,
    enabled: rule.enabled,
    position: rule.position,
    trigger: rule.trigger,
    match: rule.match,
    conditions: rule.conditions,
    actions: rule.actions,
    wait: rule.wait,
    created: rule.createdAt,
    updated: rule.updatedAt,
  };
}
