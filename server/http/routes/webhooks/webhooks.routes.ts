import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createSubscription } from '../../../webhooks/create-subscription.js';
import { deleteSubscription } from '../../../webhooks/delete-subscription.js';
import { listDeliveries, type WebhookDelivery } from '../../../webhooks/list-deliveries.js';
import { replayDelivery } from '../../../webhooks/replay-delivery.js';
import { rotateSecret } from '../../../webhooks/rotate-secret.js';
import { findSubscriptionRow, listSubscriptions, subscriptionOf, type WebhookSubscription } from '../../../webhooks/subscription.js';
import { updateSubscription } from '../../../webhooks/update-subscription.js';
import { auditOf } from '../../audit-of.js';
import { requireAdmin } from '../../plugins/auth.js';
import { replyCreated } from '../../reply-created.js';
import type { RouteServices } from '../../services.js';
import { IdParams } from '../shared.schema.js';
import {
  createWebhookResponse,
  DeliveriesQuery,
  DeliveryParams,
  deleteWebhookResponse,
  deliveriesResponse,
  replaceWebhookResponse,
  replayDeliveryResponse,
  rotateWebhookSecretResponse,
  WebhookBody,
  webhookListResponse,
  webhookResponse,
} from './webhooks.schema.js';

const tags = ['webhooks'];

/** Webhook subscriptions (admins only): where events are POSTed, signed; their delivery log and replay. */
export const webhooksRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get('/webhooks/', { schema: { summary: 'Every webhook subscription', tags, response: webhookListResponse } }, async (request) => {
    requireAdmin(request);
    return (await listSubscriptions(ctx.db, ctx.now())).map(present);
  });

  app.post(
    '/webhooks/',
    {
      schema: {
        summary: 'Add a webhook subscription; its signing secret is in this answer only',
        description:
          'Deliveries follow the Standard Webhooks specification: headers webhook-id, webhook-timestamp and webhook-signature ' +
          '(v1, the base64 HMAC-SHA256 of id.timestamp.body under the base64-decoded secret after whsec_).',
        tags,
        body: WebhookBody,
        response: createWebhookResponse,
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const { subscription, secret } = await createSubscription(ctx, request.body, auditOf(request));
      replyCreated(request, reply, subscription.id);
      return { ...present(subscription), secret };
    },
  );

  app.get(
    '/webhooks/:id',
    { schema: { summary: 'One webhook subscription', tags, params: IdParams, response: webhookResponse } },
    async (request) => {
      requireAdmin(request);
      return present(subscriptionOf(await findSubscriptionRow(ctx.db, request.params.id), ctx.now()));
    },
  );

  app.put(
    '/webhooks/:id',
    {
      schema: {
        summary: 'Replace a webhook subscription’s address, events, description and switch (its secret stays)',
        tags,
        params: IdParams,
        body: WebhookBody,
        response: replaceWebhookResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      return present(await updateSubscription(ctx, request.params.id, request.body, auditOf(request)));
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: {
        summary: 'Delete a webhook subscription with its delivery log',
        tags,
        params: IdParams,
        response: deleteWebhookResponse,
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      await deleteSubscription(ctx.db, request.params.id, auditOf(request));
      reply.status(204);
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      schema: {
        summary: 'Give a webhook subscription a new signing secret, in this answer only',
        description: 'For 24 hours the old secret signs too: each delivery carries both signatures, space-separated.',
        tags,
        params: IdParams,
        response: rotateWebhookSecretResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      const { subscription, secret } = await rotateSecret(ctx, request.params.id, auditOf(request));
      return { ...present(subscription), secret };
    },
  );

  app.get(
    '/webhooks/:id/deliveries/',
    {
      schema: {
        summary: 'A webhook’s deliveries of the last 30 days, newest first, each with its attempts',
        tags,
        params: IdParams,
        querystring: DeliveriesQuery,
        response: deliveriesResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      const { limit = 25, before } = request.query;
      return (await listDeliveries(ctx.db, request.params.id, { limit, before })).map(presentDelivery);
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/replay',
    {
      schema: {
        summary: 'Send a delivery again, with the same webhook-id',
        description: 'It is queued at once and retried on the usual schedule; its earlier attempts stay in the log.',
        tags,
        params: DeliveryParams,
        response: replayDeliveryResponse,
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      await replayDelivery(ctx, request.params.id, request.params.deliveryId);
      reply.status(202);
    },
  );
};

function present(s: WebhookSubscription) {
  return {
    id: s.id,
    url: s.url,
    description: s.description,
    events: s.events,
    destination: s.destination,
    enabled: s.enabled,
    disabled_reason: s.disabledReason === 'gone' || s.disabledReason === 'failing' ? s.disabledReason : null,
    failing_since: s.failingSince,
    previous_secret_until: s.previousSecretUntil,
    created: s.createdAt,
    updated: s.updatedAt,
  };
}

function presentDelivery(d: WebhookDelivery) {
  return {
    id: d.id,
    message_id: d.messageId,
    type: d.eventType as WebhookSubscription['events'][number],
    state: d.state,
    created: d.createdAt,
    attempts: d.attempts.map((a) => ({ status: a.status, error: a.error, response: a.response, duration_ms: a.durationMs, at: a.at })),
  };
}
