import { matchRewriteRules, REWRITE_RULES } from './rewrite-rules.js';

/**
 * What `template_redirect` handlers see and steer (spec §4.1): the matched query vars, and a way to
 * answer the request themselves — status, headers, body, redirect — then `exit()` to send it.
 */
export class FrontRequest {
  statusCode = 200;
  readonly responseHeaders: Record<string, string> = {};
  body = '';
  private exited = false;

  constructor(
    readonly method: string,
    /** Path below the help site's base path, without leading slash (as the rewrite rules see it). */
    readonly path: string,
    readonly query: URLSearchParams,
    readonly queryVars: Readonly<Record<string, string>>,
    readonly headers: Readonly<Record<string, string | string[] | undefined>>,
  ) {}

  // After exit() the answer is final: on the CMS exit ends the process, so a later handler (the
  // canonical redirect at priority 10, say) must not turn a site's 404 into its own 301.
  status(code: number): this {
    if (!this.exited) this.statusCode = code;
    return this;
  }

  header(name: string, value: string): this {
    if (!this.exited) this.responseHeaders[name.toLowerCase()] = value;
    return this;
  }

  send(body: string): this {
    if (!this.exited) this.body = body;
    return this;
  }

  /** Redirects and exits (does nothing once an earlier handler exited). */
  redirect(location: string, code = 302): void {
    this.status(code).header('location', location).exit();
  }

  /** Stops here: nothing after this handler (no template, no later handler's output) is sent. */
  exit(): void {
    this.exited = true;
  }

  get isExited(): boolean {
    return this.exited;
  }
}

/** The FrontRequest of a raw request URL below the help site's base path: its path as the rewrite rules see it, and their query vars. */
export function createFrontRequest(method: string, rawUrl: string, basePath: string, headers: FrontRequest['headers']): FrontRequest {
  const [pathname, query] = splitUrl(rawUrl);
  const path = pathname.slice(basePath.length).replace(/^\//, '');
  const queryVars = matchRewriteRules(REWRITE_RULES, path) ?? { error: '404' };
  return new FrontRequest(method, path, query, queryVars, headers);
}

// A path the URL parser would leave as it is: no dot segments, escapes, backslashes or leading "//".
const PLAIN_PATH = /^\/(?!\/)[\w\-/]*$/;
// Node's URLSearchParams decodes a bad escape followed by a non-ASCII character differently from the
// URL parser ("%80✓" loses the ✓), so only all-ASCII targets take the short way.
const ASCII_TARGET = /^[\x21-\x7e]*$/;

/** Pathname and query of a request target, as `new URL` gives them; plain paths (the common case, the widget's) skip the parser. */
function splitUrl(rawUrl: string): [string, URLSearchParams] {
  const mark = rawUrl.indexOf('?');
  const pathname = mark < 0 ? rawUrl : rawUrl.slice(0, mark);
  if (PLAIN_PATH.test(pathname) && ASCII_TARGET.test(rawUrl) && !rawUrl.includes('#')) {
    // From the "?" on: URLSearchParams drops one leading "?", so a query that itself starts with "?" survives.
    return [pathname, new URLSearchParams(mark < 0 ? '' : rawUrl.slice(mark))];
  }
  const url = new URL(rawUrl, 'http://placeholder');
  return [url.pathname, url.searchParams];
}
