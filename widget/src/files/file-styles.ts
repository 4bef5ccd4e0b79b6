// The file area's rules, in a constructed sheet of their own beside the widget's (a strict CSP blocks
// <style> elements, not constructed sheets). Engines without constructed sheets show it unstyled.
const ERROR = '#b42318';

const RULES = `
.files{margin-top:16px}
.files .pick{background:transparent;color:var(--hd-brand,#1f2328)}
.hint{margin-top:4px;color:#57606a;font-size:15px}
.chips{list-style:none;padding:0;margin:8px 0 0}
.chip{display:flex;flex-wrap:wrap;align-items:center;gap:4px 8px;margin-top:6px;padding:4px 4px 4px 12px;\
border:1px solid #6e7781;border-radius:6px}
.chip .name{flex:1 1 0;min-width:0;overflow-wrap:anywhere;font-weight:600}
.chip .size{color:#57606a}
.chip .rm{min-height:36px;width:44px;padding:0;border-color:transparent;background:transparent;color:inherit;font-size:22px;line-height:1}
.chip .err{flex-basis:100%;margin:0 0 4px}
.chip.bad{border:2px solid ${ERROR}}
progress{display:block;width:100%;height:10px;margin-top:12px;accent-color:var(--hd-brand,#1f2328)}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
form.drop{outline:3px dashed var(--hd-brand,#0b62d6);outline-offset:6px}
@media (prefers-color-scheme:dark){.hint,.chip .size{color:#a3adb8}.files .pick{color:#e5e7eb}.chip{border-color:#8b949e}}
`;

/** Adds the file area's sheet to the widget's shadow root (after the widget's own). */
export function styleFiles(root: Node): void {
  if (!(root instanceof ShadowRoot) || !('adoptedStyleSheets' in root) || typeof CSSStyleSheet !== 'function') return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(RULES);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
