import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config/config-types.js';
import type { DomainContext } from '../../domain/context.js';
import type { RouteServices } from '../../http/services.js';
import type { SiteTemplate } from '../site-template.js';
import { clientTicketRoutes } from './content/client-tickets.routes.js';
import { colleagueRoutes } from './content/colleagues.routes.js';
import { contentPageTemplate } from './content/content-template.js';
import { docsTemplate } from './docs/docs-template.js';
import { firstAdminRoutes, firstAdminTemplate } from './first-admin/first-admin-template.js';
import { homeTemplate } from './home/home-template.js';
import { languageRoutes } from './language/language.routes.js';
import { loginRoutes } from './login/login.routes.js';
import { loginTemplate } from './login/login-template.js';
import { myDataRoutes } from './my-data/my-data.routes.js';
import { passwordRoutes } from './password/password.routes.js';
import { forgotPasswordTemplate, passwordLinkTemplate } from './password/password-templates.js';
import { ratingRoutes } from './rating/rating.routes.js';
import { ratingTemplate } from './rating/rating-template.js';
import { robotsTemplate } from './robots/robots-template.js';
import { ticketLinkRoutes } from './ticket-link/ticket-link.routes.js';
import { ticketLinkTemplate } from './ticket-link/ticket-link-template.js';

/** One page of the help site: the templates that answer its GETs and the routes of its form posts. */
export interface SitePage {
  templates: Array<(ctx: DomainContext, config: Config) => SiteTemplate>;
  routes?: FastifyPluginAsync<RouteServices>;
}

/**
 * Every page of the help site, one folder each under pages/. Templates are asked in this order and the
 * first that claims a request's query vars answers it, so the catch-all content pages come last.
 */
export const SITE_PAGES: SitePage[] = [
  { templates: [homeTemplate] },
  { templates: [robotsTemplate] },
  { templates: [], routes: languageRoutes },
  { templates: [firstAdminTemplate], routes: firstAdminRoutes },
  { templates: [loginTemplate], routes: loginRoutes },
  { templates: [ticketLinkTemplate], routes: ticketLinkRoutes },
  { templates: [ratingTemplate], routes: ratingRoutes },
  { templates: [], routes: myDataRoutes },
  { templates: [passwordLinkTemplate, forgotPasswordTemplate], routes: passwordRoutes },
  { templates: [docsTemplate] },
  { templates: [], routes: colleagueRoutes },
  { templates: [contentPageTemplate], routes: clientTicketRoutes },
];
