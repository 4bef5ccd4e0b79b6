import { FILES_EVENT, type MountFiles } from '../files-contract.js';
import { mountFiles } from './mount-files.js';

// The widget listens on this script's element (see load-files.ts): no global is read or written.
// currentScript is only set while the script first runs.
document.currentScript?.dispatchEvent(new CustomEvent<MountFiles>(FILES_EVENT, { detail: mountFiles }));
