// The first download's part of the page API (issue 38): it takes the page's queued `Helpdesk(…)` calls and keeps
// every call until the form's code (…/embed/files/) brings the code that runs them. Kept tiny: the 6 KB budget.

/** The page's `window.Helpdesk` (common/page-api-stub.ts): calls made before the widget ran in `q`; later ones go to `run`. */
interface PageStub {
  (...args: unknown[]): unknown;
  q?: ArrayLike<unknown>[];
  run?: (...args: unknown[]) => unknown;
}

/** Runs one call, `[command, ...args]`, once the form's code is here. */
export type PageCommand = (args: unknown[]) => unknown;

// Commands that show the form: the form's code is loaded for them at once.
const SHOWING = ['open', 'toggle', 'search'];

/**
 * Takes over the page's `Helpdesk` stub, when there is one, and returns `attach`: hands every call kept so far,
 * in order, and every later one, to the command runner. `load` fetches the form's code (a command that shows the
 * form asks for it).
 */
export function takePageCalls(load: () => void): (runner: PageCommand) => void {
  let kept: unknown[][] = [];
  let runner: PageCommand | undefined;
  const run = (...args: unknown[]): unknown => {
    if (runner) return runner(args);
    kept.push(args);
    if (SHOWING.includes(args[0] as string)) load();
    return args[0] === 'on' ? () => run('off', args[1], args[2]) : undefined;
  };
  const adopt = (): boolean => {
    const stub = (window as unknown as { Helpdesk?: PageStub }).Helpdesk;
    if (typeof stub !== 'function') return false;
    const queued = stub.q ?? [];
    stub.q = [];
    stub.run = run;
    for (const call of Array.from(queued)) run(...Array.from(call));
    return true;
  };
  // An async widget script may run before the page's deferred one that defines the stub: look again once the
  // page's scripts have run (deferred ones before DOMContentLoaded, the rest before load).
  if (!adopt() && document.readyState !== 'complete') {
    const later = (): void => {
      if (adopt()) removeEventListener('load', later);
    };
    document.addEventListener('DOMContentLoaded', later, { once: true });
    addEventListener('load', later, { once: true });
  }
  return (given) => {
    runner = given;
    for (const call of kept) given(call);
    kept = [];
  };
}
