import { accessSync, constants } from 'node:fs';
import { CHROMIUM_PATH } from './chromium.js';

/** Playwright global setup: fail the run at once, saying how to get the browser, when Chromium is missing. */
export default function requireChromium(): void {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new Error(
      `The browser tests need Chromium at ${CHROMIUM_PATH}, and it is not there.\n` +
        "Install Debian's package (Playwright never downloads a browser for this project):\n\n" +
        '    sudo apt-get install chromium\n\n' +
        'or point CHROMIUM_PATH at another Chromium executable.',
    );
  }
}
