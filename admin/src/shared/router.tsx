import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useState } from 'react';

// A tiny History-API router: the app's paths are relative to <base href> (…/admin/).
const basePath = new URL('.', document.baseURI).pathname;

/** The app path without the base, e.g. "tickets/12", and the query string. */
export function currentRoute(): { path: string; query: URLSearchParams } {
  const path = location.pathname.startsWith(basePath) ? location.pathname.slice(basePath.length) : '';
  return { path: path.replace(/\/$/, ''), query: new URLSearchParams(location.search) };
}

export function navigate(to: string, { replace = false } = {}): void {
  const url = basePath + to.replace(/^\//, '');
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

export function useRoute() {
  const [route, setRoute] = useState(currentRoute);
  useEffect(() => {
    const update = () => setRoute(currentRoute());
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return route;
}

/** A link inside the app (a real href, so opening in a new tab works). */
export function Link({ to, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={basePath + to.replace(/^\//, '')} onClick={onClick} {...props} />;
}
