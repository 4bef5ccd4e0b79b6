import type { Hooks } from '../hooks/create-hooks.js';
import type { FrontRequest } from './front-request.js';

/** The namespace of the canonical redirect's template_redirect callback. */
export const CANONICAL_REDIRECT = 'helpdesk/canonical';

/**
 * The CMS's canonical redirect: pretty URLs end with a slash, so `/helpdesk/tickets/embed` answers 301
 * to `/helpdesk/tickets/embed/` (query kept). Hooked on template_redirect at priority 10, so a site
 * handler at priority 5 (the spec's recipe) runs first and can take the endpoint offline.
 */
export function registerCanonicalRedirect(hooks: Hooks, homeUrl: string): void {
  hooks.addAction(
    'template_redirect',
    CANONICAL_REDIRECT,
    (request: FrontRequest) => {
      if (
        request.isExited ||
        request.queryVars.error === '404' ||
        request.queryVars.helpdesk_robots === '1' ||
        request.path === '' ||
        request.path.endsWith('/') ||
        !['GET', 'HEAD'].includes(request.method)
      )
        return;
      const query = request.query.toString();
      request.redirect(`${homeUrl}/${request.path}/${query ? `?${query}` : ''}`, 301);
    },
    10,
  );
}
