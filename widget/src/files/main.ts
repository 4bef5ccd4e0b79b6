import { createTicketDialog } from '../dialog.js';
import { FILES_EVENT, type MountFiles } from '../files-contract.js';
import { createPageCommands } from '../page-api/page-commands.js';
import { mountFiles } from './mount-files.js';

// The widget listens on this script's element (see load-files.ts): no global is read or written.
// currentScript is only set while the script first runs.
const detail: MountFiles = Object.assign(mountFiles, { dialog: createTicketDialog, pageApi: createPageCommands });
document.currentScript?.dispatchEvent(new CustomEvent<MountFiles>(FILES_EVENT, { detail }));
