/**
 * The name of every operation in the public contract, by `METHOD path` (paths as the OpenAPI document
 * shows them, without the `/api` prefix). Generated clients name their functions after these, so a
 * name is a promise: never rename one, add a new operation instead. A route without a name here fails
 * `public-contract.test.ts`.
 */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  // Filing and reading tickets
  'POST /helpdesk/v1/tickets/': 'fileTicket',
  'GET /helpdesk/v1/tickets/': 'listTickets',
  'GET /helpdesk/v1/tickets/{id}': 'getTicket',
  'PATCH /helpdesk/v1/tickets/{id}': 'updateTicket',
  'DELETE /helpdesk/v1/tickets/{id}': 'deleteTicket',
  'POST /helpdesk/v1/tickets/bulk': 'bulkUpdateTickets',
  'GET /helpdesk/v1/tickets/views': 'countInboxViews',
  'POST /helpdesk/v1/tickets/{id}/comments': 'addComment',
  'POST /helpdesk/v1/tickets/{id}/suggest-reply': 'suggestReply',
  'GET /helpdesk/v1/intake/stats': 'getIntakeStats',
  // Live updates (agents and admins)
  'GET /helpdesk/v1/events': 'followEvents',
  'POST /helpdesk/v1/tickets/{id}/presence': 'setPresence',
  'GET /helpdesk/v1/files/{id}': 'getFile',
  // Incoming mail (admins)
  'GET /helpdesk/v1/mail/inbound/status': 'getInboundMailStatus',
  'GET /helpdesk/v1/mail/inbound/failed/': 'listFailedInboundMails',
  'POST /helpdesk/v1/mail/inbound/failed/{id}/retry': 'retryInboundMail',
  'POST /helpdesk/v1/mail/test': 'sendTestMail',
  // The widget's lookups
  'GET /helpdesk/v1/tickets/products/': 'listProducts',
  'GET /helpdesk/v1/tickets/reasons/': 'listReasons',
  'GET /helpdesk/v1/tickets/form/': 'getTicketForm',
  'GET /helpdesk/v1/setup/checklist': 'getSetupChecklist',
  'GET /helpdesk/v1/tickets/urgencies/': 'listUrgencies',
  // Docs
  'GET /helpdesk/v1/docs/': 'listDocs',
  'GET /helpdesk/v1/docs/product/{slug}': 'listProductDocs',
  'POST /helpdesk/v1/docs/': 'createDoc',
  'PATCH /helpdesk/v1/docs/{id}': 'updateDoc',
  'DELETE /helpdesk/v1/docs/{id}': 'deleteDoc',
  // Products and terms
  'POST /helpdesk/v1/products/': 'createProduct',
  'PATCH /helpdesk/v1/products/{id}': 'updateProduct',
  'DELETE /helpdesk/v1/products/{id}': 'deleteProduct',
  'PUT /helpdesk/v1/posts/{id}/product': 'setPostProduct',
  'GET /helpdesk/v1/posts/': 'listPosts',
  'POST /helpdesk/v1/reasons/': 'createReason',
  'PATCH /helpdesk/v1/reasons/{id}': 'updateReason',
  'DELETE /helpdesk/v1/reasons/{id}': 'deleteReason',
  'POST /helpdesk/v1/urgencies/': 'createUrgency',
  'PATCH /helpdesk/v1/urgencies/{id}': 'updateUrgency',
  'DELETE /helpdesk/v1/urgencies/{id}': 'deleteUrgency',
  'GET /helpdesk/v1/statuses/': 'listStatuses',
  'POST /helpdesk/v1/statuses/': 'createStatus',
  'PATCH /helpdesk/v1/statuses/{id}': 'updateStatus',
  'DELETE /helpdesk/v1/statuses/{id}': 'deleteStatus',
  'GET /helpdesk/v1/tags/': 'listTags',
  'POST /helpdesk/v1/tags/': 'createTag',
  'PATCH /helpdesk/v1/tags/{id}': 'updateTag',
  'DELETE /helpdesk/v1/tags/{id}': 'deleteTag',
  // Settings
  'GET /helpdesk/v1/settings/schema': 'getSettingsSchema',
  'GET /helpdesk/v1/settings': 'getSettings',
  'PATCH /helpdesk/v1/settings': 'updateSettings',
  'GET /helpdesk/v1/settings/secrets': 'listUnreadableSecrets',
  'GET /site/v1/options': 'getSiteOptions',
  'PATCH /site/v1/options': 'updateSiteOptions',
  'PUT /site/v1/logo': 'uploadSiteLogo',
  'DELETE /site/v1/logo': 'removeSiteLogo',
  // Accounts and the admin app's session
  'GET /helpdesk/v1/users/': 'listUsers',
  'POST /helpdesk/v1/users/': 'createUser',
  'PATCH /helpdesk/v1/users/{id}': 'updateUser',
  'POST /helpdesk/v1/users/{id}/disable': 'disableUser',
  'POST /helpdesk/v1/users/{id}/enable': 'enableUser',
  'GET /helpdesk/v1/tokens/': 'listApiTokens',
  'POST /helpdesk/v1/tokens/': 'createApiToken',
  'DELETE /helpdesk/v1/tokens/{id}': 'revokeApiToken',
  'GET /helpdesk/v1/me': 'getMe',
  'POST /helpdesk/v1/session': 'signIn',
  'DELETE /helpdesk/v1/session': 'signOut',
};
