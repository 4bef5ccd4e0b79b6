/** One answer as a browser stand-in sees it. */
export interface BrowserResponse {
  status: number;
  headers: Headers;
  body: string;
}

/**
 * A browser stand-in over real sockets (fetch): keeps cookies across requests, whichever address
 * they go to — as one browser behind a load balancer reaching several instances of one site.
 * Redirects are not followed, so a test sees each 303 and its cookies.
 */
export class HttpBrowser {
  readonly cookies = new Map<string, string>();

  async request(
    url: string,
    init: { method?: string; headers?: Record<string, string>; form?: Record<string, string>; json?: unknown } = {},
  ): Promise<BrowserResponse> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await fetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) this.remember(line);
    return { status: res.status, headers: res.headers, body: await res.text() };
  }

  private remember(setCookie: string) {
    const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const expired = attributes.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()));
    if (expired) this.cookies.delete(name);
    else this.cookies.set(name, pair.slice(at + 1));
  }
}
