// The suggestions' and article view's rules, in a constructed sheet of their own (a strict CSP blocks <style>
// elements, not constructed sheets). Logical properties throughout: the same rules read right to left in Arabic.
const RULES = `
.sugg{margin-top:16px;padding:12px 14px;border:1px solid #6e7781;border-radius:8px;background:#f6f8fa}
.sugg h3,.art h3{font-size:17px;font-weight:700}
.sugg-list{list-style:none;padding:0;margin:4px 0 0}
.sugg-list li{margin-top:8px}
.sugg-doc{min-height:44px;padding:6px 0;border:0;background:transparent;color:#0a58c2;text-align:start}
.sugg-doc{text-decoration:underline;font-weight:600}
.sugg-snip{color:#57606a;font-size:15px;overflow-wrap:anywhere}
.sugg-doc[aria-busy=true]{cursor:progress}
.quiet{background:transparent;color:var(--hd-brand,#1f2328)}
.back{margin-bottom:12px}
.art h3{font-size:20px;margin-bottom:8px}
.art-body{overflow-wrap:anywhere}
.art-body>*+*{margin-top:10px}
.art-body h4{font-size:17px;font-weight:700}
.art-body ul,.art-body ol{padding-inline-start:24px}
.art-body pre{overflow:auto;padding:8px;background:#f6f8fa;border-radius:6px}
.art-body code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:15px}
.art-body img{max-width:100%;height:auto}
.art-body blockquote{padding-inline-start:12px;border-inline-start:3px solid #6e7781}
.art a{color:#0a58c2;text-decoration:underline}
.art-src{margin-top:12px}
.ask,.thanks{margin-top:20px;padding-top:16px;border-top:1px solid #d0d7de}
.ask-q{font-weight:600}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (prefers-color-scheme:dark){.sugg{background:#0f1419;border-color:#8b949e}.sugg-doc,.art a{color:#79b8ff}\
.sugg-snip{color:#a3adb8}.quiet{color:#e5e7eb}.art-body pre{background:#0f1419}.ask,.thanks{border-color:#444c56}}
`;

/** Adds the suggestions' sheet to the widget's shadow root (after the widget's own). */
export function styleSuggestions(root: Node): void {
  if (!(root instanceof ShadowRoot) || !('adoptedStyleSheets' in root) || typeof CSSStyleSheet !== 'function') return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(RULES);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
