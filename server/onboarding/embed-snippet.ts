/** The one line a site owner pastes into their pages (spec §4.1: a script tag, not an iframe). */
export function embedSnippet(homeUrl: string): string {
  return `<script src="${homeUrl}/helpdesk/tickets/embed/" async></script>`;
}
