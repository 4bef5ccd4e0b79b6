#!/usr/bin/env bash
# The second half of `npm test`, after vitest: the browser tests, then the server's suites once more on the plain
# paths, every performance mechanism off (HELPDESK_PERFORMANCE_OFF=all, docs/PERFORMANCE.md). The plain pass leaves
# out the three suites that drive separate `helpdesk` processes over IMAP and the mail CLI (half its time): no
# mechanism but the mail decode thread is on their path, and receive-mail's suites cover that one.
#
# HELPDESK_PLAIN_PASS_NODE, when set, is another Node.js binary the plain pass runs on (and its child processes, by
# PATH): CI runs everything else on Node 24 and this pass on the machine's Node 20, so the server's suites run on both
# supported runtimes within CI's time (docs/DECISIONS.md, "Two runtimes"). Unset, everything runs on the `node` at hand.
set -eu
npx playwright test -c e2e/playwright.config.ts
if [ -n "${HELPDESK_PLAIN_PASS_NODE:-}" ]; then
  PATH="$(dirname "$HELPDESK_PLAIN_PASS_NODE"):$PATH"
  export PATH
fi
echo "The server's suites with every performance mechanism off (HELPDESK_PERFORMANCE_OFF=all), on Node $(node --version):"
HELPDESK_PERFORMANCE_OFF=all npx vitest run server \
  --exclude server/cli-mail.test.ts \
  --exclude server/mail-inbound/imap-kill-restart.test.ts \
  --exclude server/mail-inbound/imap-source.test.ts
