import { FILES_EVENT, FILES_PATH, type MountFiles } from './files-contract.js';

/**
 * Loads the form's code (the dialog, its fields and attachments: a second script from the help desk, which the
 * host page's CSP already allows) and hands its mount function to `ready`.
 */
export function loadFiles(home: string, ready: (mount: MountFiles) => void): void {
  const script = document.createElement('script');
  script.addEventListener(FILES_EVENT, (e) => {
    // Its work is done once it has run: the host page's <head> is left as it was.
    script.remove();
    ready((e as CustomEvent<MountFiles>).detail);
  });
  try {
    script.src = home + FILES_PATH;
    // In the document, not the shadow root: a script in a shadow tree has no document.currentScript.
    document.head.append(script);
  } catch {
    // A page enforcing Trusted Types refuses a plain string as a script URL: no files then.
  }
}
