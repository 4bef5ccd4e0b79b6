import type { FastifyInstance } from 'fastify';
import type { GetPostsArgs, Post } from '../domain/content/post-types.js';
import type { Ticket } from '../domain/tickets/ticket.js';
import type { SettingsSchema } from '../settings/schema-types.js';
import type { FrontRequest } from '../site/front-request.js';

/**
 * The public filters (spec §6), with their exact names and argument order. This list is small on
 * purpose (spec §9): to change a value that is not here, hook the surrounding action.
 */
export interface FilterMap {
  /** The whole settings schema, keyed by tab slug. Used by GET /settings/schema, both settings screens,
   * defaults and validation. Must not call the settings getter or the ticket-form-fields getter. */
  helpdesk_settings_menus: (menus: SettingsSchema) => SettingsSchema;
  /** Post types assignable to products. Called with `[]`; the helpdesk itself appends `doc` and `ticket`. */
  helpdesk_product_post_types: (types: string[]) => string[];
  /** Return false to skip the automatic status change (client → Waiting, agent → In Progress) for one comment. */
  helpdesk_auto_status_transition_on_comment: (allow: boolean, ticket: Ticket, isClient: boolean, commentId: number) => boolean;
  /** Wraps every call of the one post getter: may reorder, hide or extend rows. */
  helpdesk_get_posts: (posts: Post[], args: GetPostsArgs) => Post[];
  /** Ceiling of the docs routes' `count` parameter (default 100). */
  helpdesk_docs_api_max_per_page: (max: number) => number;
  /** The single gate over account creation; input is true when either account-creation setting is on. */
  helpdesk_can_register_users: (allowed: boolean) => boolean;
  /** Seed of the key that encrypts stored credentials; changing it makes existing ciphertext unreadable. */
  helpdesk_encryption_seed: (seed: string) => string;
}

/** Actions: how a site changes values that have no filter (spec §6, last line). */
export interface ActionMap {
  /** After every site plugin has registered its hooks, before any route runs. */
  init: () => void;
  /** When the REST routes are being registered; `app` is the `/api` scope: add your own namespace there. */
  rest_api_init: (app: FastifyInstance) => void;
  /** Before any help-site page or the widget script is sent; `request.exit()` stops it (spec §4.1). */
  template_redirect: (request: FrontRequest) => void;
}

export type FilterName = keyof FilterMap;
export type ActionName = keyof ActionMap;

type Awaitable<T> = T | Promise<T>;
export type FilterCallback<N extends FilterName> = (...args: Parameters<FilterMap[N]>) => Awaitable<ReturnType<FilterMap[N]>>;
export type ActionCallback<N extends ActionName> = (...args: Parameters<ActionMap[N]>) => Awaitable<void>;

export const FILTER_NAMES: readonly FilterName[] = [
  'helpdesk_settings_menus',
  'helpdesk_product_post_types',
  'helpdesk_auto_status_transition_on_comment',
  'helpdesk_get_posts',
  'helpdesk_docs_api_max_per_page',
  'helpdesk_can_register_users',
  'helpdesk_encryption_seed',
];

export const ACTION_NAMES: readonly ActionName[] = ['init', 'rest_api_init', 'template_redirect'];
