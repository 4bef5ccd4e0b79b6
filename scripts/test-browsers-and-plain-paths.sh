#!/usr/bin/env bash
# The second half of `npm test`, after vitest: the browser tests, then the server's suites once more on the plain
# paths, every performance mechanism off (HELPDESK_PERFORMANCE_OFF=all, docs/PERFORMANCE.md). The plain pass leaves
# out the three suites that drive separate `helpdesk` processes over IMAP and the mail CLI (half its time): no
# mechanism but the mail decode thread is on their path, and receive-mail's suites cover that one.
set -eu
npx playwright test -c e2e/playwright.config.ts
echo "The server's suites with every performance mechanism off (HELPDESK_PERFORMANCE_OFF=all):"
HELPDESK_PERFORMANCE_OFF=all npx vitest run server \
  --exclude server/cli-mail.test.ts \
  --exclude server/mail-inbound/imap-kill-restart.test.ts \
  --exclude server/mail-inbound/imap-source.test.ts
