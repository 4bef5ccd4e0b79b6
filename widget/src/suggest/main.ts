import { SUGGEST_EVENT } from '../suggest-contract.js';
import { mountSuggest } from './mount-suggest.js';

// The form's code listens on this script's element (see suggest-hook.ts): no global is read or written.
// currentScript is only set while the script first runs.
document.currentScript?.dispatchEvent(new CustomEvent(SUGGEST_EVENT, { detail: mountSuggest }));
