import { matchRewriteRules, REWRITE_RULES } from './rewrite-rules.js';

/**
 * The methods the help site's catch-all routes answer for a path: GET (and so HEAD) for its pages —
 * the paths a rewrite rule claims — and for every path of the admin app. Used to tell a client that
 * POSTs to a page that it exists, but only for GET (405 with Allow), instead of a 404.
 */
export function siteMethods(basePath: string): (path: string) => string[] {
  return (path) => {
    if (path !== basePath && !path.startsWith(`${basePath}/`)) return [];
    const relative = path.slice(basePath.length).replace(/^\//, '');
    if (relative === 'api' || relative.startsWith('api/')) return [];
    if (relative.startsWith('admin/')) return ['GET'];
    return matchRewriteRules(REWRITE_RULES, relative) ? ['GET'] : [];
  };
}
