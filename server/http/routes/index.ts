import type { FastifyPluginAsync } from 'fastify';
import type { RouteServices } from '../services.js';
import { assignmentRoutes } from './assignment/assignment.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { businessHoursRoutes } from './business-hours/business-hours.routes.js';
import { clientsRoutes } from './clients/clients.routes.js';
import { commentsRoutes } from './comments/comments.routes.js';
import { docsRoutes } from './docs/docs.routes.js';
import { filesRoutes } from './files/files.routes.js';
import { identityRoutes } from './identity/identity.routes.js';
import { intakeRoutes } from './intake/intake.routes.js';
import { eventsRoutes } from './live/events.routes.js';
import { presenceRoutes } from './live/presence.routes.js';
import { lookupsRoutes } from './lookups/lookups.routes.js';
import { inboundMailRoutes } from './mail/inbound-mail.routes.js';
import { testMailRoutes } from './mail/test-mail.routes.js';
import { mailSettingsRoutes } from './mail-settings/mail-settings.routes.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { organisationsRoutes } from './organisations/organisations.routes.js';
import { participantsRoutes } from './participants/participants.routes.js';
import { postsRoutes } from './posts/posts.routes.js';
import { privacyRoutes } from './privacy/privacy.routes.js';
import { productsRoutes } from './products/products.routes.js';
import { ratingsRoutes } from './ratings/ratings.routes.js';
import { reportMailRoutes } from './reports/report-mail.routes.js';
import { reportTicketsRoutes } from './reports/report-tickets.routes.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { rulesRoutes } from './rules/rules.routes.js';
import { savedRepliesRoutes } from './saved-replies/saved-replies.routes.js';
import { sessionRoutes } from './session/session.routes.js';
import { publicAddressRoutes } from './settings/public-address.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { setupChecklistRoutes } from './setup/setup-checklist.routes.js';
import { slaPoliciesRoutes } from './sla-policies/sla-policies.routes.js';
import { statusesRoutes } from './statuses/statuses.routes.js';
import { tagsRoutes } from './tags/tags.routes.js';
import { ticketsRoutes } from './tickets/tickets.routes.js';
import { tokensRoutes } from './tokens/tokens.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { webhooksRoutes } from './webhooks/webhooks.routes.js';
import { widgetEventsRoutes } from './widget-events/widget-events.routes.js';

/**
 * Every resource of the helpdesk namespace (/api/helpdesk/v1), one folder each under routes/: its
 * `*.routes.ts`, `*.schema.ts` and tests, and presenters where it needs them. A new resource is added here
 * and in ../openapi/operation-ids.ts.
 */
export const HELPDESK_RESOURCES: Array<FastifyPluginAsync<RouteServices>> = [
  ticketsRoutes,
  commentsRoutes,
  savedRepliesRoutes,
  filesRoutes,
  intakeRoutes,
  lookupsRoutes,
  statusesRoutes,
  tagsRoutes,
  docsRoutes,
  productsRoutes,
  postsRoutes,
  settingsRoutes,
  publicAddressRoutes,
  identityRoutes,
  usersRoutes,
  privacyRoutes,
  assignmentRoutes,
  clientsRoutes,
  organisationsRoutes,
  participantsRoutes,
  tokensRoutes,
  sessionRoutes,
  inboundMailRoutes,
  testMailRoutes,
  mailSettingsRoutes,
  setupChecklistRoutes,
  eventsRoutes,
  presenceRoutes,
  notificationsRoutes,
  ratingsRoutes,
  businessHoursRoutes,
  slaPoliciesRoutes,
  rulesRoutes,
  webhooksRoutes,
  reportsRoutes,
  reportTicketsRoutes,
  reportMailRoutes,
  widgetEventsRoutes,
  auditRoutes,
];
