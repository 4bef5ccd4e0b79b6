// Everything is styled from script: the host page may send `style-src 'none'`, which blocks
// <style> elements and style="" attributes but not constructed sheets or CSSOM writes.
// :host rules are !important because, for important declarations, the shadow tree beats the
// host page's own `* { … !important }` rules; all:initial stops inherited fonts and colours.
const FONT = 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif';
const INK = '#1f2328';
const MUTED = '#57606a';
const ERROR = '#b42318';
const FOCUS = '#0b62d6';

// Plain rules only (no @media): the fallback below copies them onto elements one by one.
const RULES = `\
:host{all:initial!important;display:block!important;position:fixed!important;--hd-gap:16px!important;\
inset-inline-end:var(--hd-gap)!important;inset-block-end:var(--hd-gap)!important;\
z-index:2147483647!important;font:16px/1.5 ${FONT}!important;color:${INK}!important}\
:host([data-start]){inset-inline:var(--hd-gap) auto!important}\
*{box-sizing:border-box;margin:0;font:inherit;color:inherit;letter-spacing:normal;text-transform:none}\
button{min-height:44px;padding:8px 18px;border:2px solid var(--hd-brand,${INK});border-radius:8px;\
background:var(--hd-brand,${INK});color:var(--hd-on-brand,#fff);font-weight:600;cursor:pointer}\
button:disabled{cursor:progress;opacity:.75}\
:focus-visible{outline:3px solid ${FOCUS};outline-offset:2px}\
.launch{border-color:#fff;border-radius:999px;padding:10px 20px;box-shadow:0 4px 14px rgba(0,0,0,.3)}\
dialog{width:480px;max-width:calc(100vw - 32px);max-height:calc(100vh - 32px);max-height:calc(100dvh - 32px);\
margin:auto;padding:24px;border:0;border-radius:12px;background:#fff;color:${INK};overflow:auto;\
box-shadow:0 16px 48px rgba(0,0,0,.35)}\
dialog::backdrop{background:rgba(17,24,39,.55)}\
.head{display:flex;align-items:flex-start;justify-content:space-between;gap:12px}\
h2{font-size:22px;font-weight:700;line-height:1.3}\
.x{width:44px;margin:-10px 0 0;margin-inline-end:-12px;padding:0;border-color:transparent;background:transparent;color:${INK};\
font-size:28px;line-height:1}\
.intro,.opt{color:${MUTED};font-weight:400}\
.intro{margin-top:4px}\
label{display:block;margin:16px 0 4px;font-weight:600}\
input,select,textarea{display:block;width:100%;min-height:44px;padding:8px 12px;border:1px solid #6e7781;\
border-radius:6px;background:#fff;font-size:16px}\
textarea{min-height:128px;resize:vertical}\
input[readonly]{background:#eef1f4}\
input[type=checkbox]{display:inline-block;width:24px;min-height:24px}\
[aria-invalid=true]{border:2px solid ${ERROR}}\
.err{margin-top:4px;color:${ERROR};font-size:15px}\
.alert:not(:empty){margin-top:20px;padding:12px 14px;border-inline-start:4px solid ${ERROR};border-radius:4px;\
background:#fdf1f0;color:#8a1c12}\
.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:20px}\
.done{margin-top:16px;font-size:18px}\
.err:empty,[hidden]{display:none!important}\
`;

// The visitor's dark mode: the dialog follows prefers-color-scheme (the launcher keeps its colours).
const DARK = `@media (prefers-color-scheme:dark){dialog,input,select,textarea{background:#1a2129;color:#e5e7eb}\
input,select,textarea{border-color:#8b949e}input[readonly]{background:#0d1117}\
.intro,.opt{color:#a3adb8}.x{color:#e5e7eb}.err{color:#ffa198}\
.alert:not(:empty){background:#3b1414;color:#fecaca}}`;

// Narrow screens and 200% zoom: the dialog becomes a full-screen sheet that scrolls.
const NARROW = `@media (max-width:520px){:host{--hd-gap:12px!important}\
dialog{width:100%;max-width:none;height:100%;max-height:none;border-radius:0;padding:16px}}`;

/** The site's colour on the buttons, with black or white text, whichever reads better on it (WCAG contrast). */
export function brand(host: HTMLElement, color: string): void {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return;
  const lum = [1, 3, 5]
    .map((i) => Number.parseInt(color.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * ([0.2126, 0.7152, 0.0722][i] as number), 0);
  host.style.setProperty('--hd-brand', color, 'important');
  host.style.setProperty('--hd-on-brand', 1.05 / (lum + 0.05) >= 4.5 ? '#fff' : '#000', 'important');
}

/** Styles a shadow root; returns a function to call after adding elements (needed by the fallback only). */
export function styleRoot(root: ShadowRoot, host: HTMLElement): () => void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function') {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(RULES + NARROW + DARK);
    root.adoptedStyleSheets = [sheet];
    return () => {};
  }
  // Engines without constructed sheets: copy each plain rule onto the elements through CSSOM.
  // Rules with pseudo-classes or attribute selectors, and the narrow layout, are skipped there.
  const styled = new WeakSet<Element>();
  return () => {
    const fresh = new Set<HTMLElement>();
    for (const [, selector = '', declarations = ''] of RULES.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
      const sel = selector.trim();
      if (sel !== ':host' && /[:[]/.test(sel)) continue;
      const targets = sel === ':host' ? [host] : Array.from(root.querySelectorAll<HTMLElement>(sel));
      for (const el of targets) {
        if (styled.has(el)) continue;
        el.style.cssText += declarations;
        fresh.add(el);
      }
    }
    for (const el of fresh) styled.add(el);
  };
}
