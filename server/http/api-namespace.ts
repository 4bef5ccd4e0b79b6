// The helpdesk's REST namespace under /api. Apart from api.ts, which registers every route, so that a
// route's own code (the docs fast path) can name it without importing the routes back.
export const API_NAMESPACE = '/helpdesk/v1';
