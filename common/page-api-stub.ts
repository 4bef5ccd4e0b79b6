/**
 * The queue a page defines before the widget's script (issue 38), like Help Scout's `Beacon('…')`: calls made
 * before the script has run wait in `Helpdesk.q`; once it has, the widget sets `Helpdesk.run` and every call goes
 * there. The widget never writes a global: the page owns `window.Helpdesk`. A queued call returns a function that
 * undoes it as `off` would (what `on` returns). Typed in widget/helpdesk.d.ts; pages with a strict CSP put this
 * line in one of their own script files instead of an inline script.
 */
export const PAGE_API_STUB =
  'window.Helpdesk=window.Helpdesk||function h(){var a=arguments;return h.run?h.run.apply(h,a):' +
  "((h.q=h.q||[]).push(a),function(){h('off',a[1],a[2])})};";
