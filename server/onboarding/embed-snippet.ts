import { PAGE_API_STUB } from '../../common/page-api-stub.js';

/**
 * What a site owner pastes into their pages (spec §4.1: a script tag, not an iframe): the page API's queue line
 * (issue 38, `common/page-api-stub.ts`), so the page can drive the widget (`Helpdesk('open')`…), then the widget's
 * script. The same two lines as docs/guide.md's "Embed the widget" (setup.test.ts holds the two together).
 */
export function embedSnippet(homeUrl: string): string {
  return `<script>${PAGE_API_STUB}</script>\n<script src="${homeUrl}/helpdesk/tickets/embed/" async></script>`;
}
