import { SUBMIT_TIMEOUT_MS } from '../api.js';
import type { MountFiles, SendTicket } from '../files-contract.js';
import { readRules } from './check-files.js';
import { buildFileArea } from './file-area.js';
import { F } from './file-messages.js';
import { readFileRefusal } from './file-refusal.js';
import { styleFiles } from './file-styles.js';
import { postWithProgress } from './post-with-progress.js';

const TICKETS = '/api/helpdesk/v1/tickets/';

/**
 * The attachment code's one export (see files-contract.ts): adds the file area and returns the sender.
 * With files: one multipart request (the usual fields, then one `attachments` part per file) with upload
 * progress; a refusal naming a file (its `attachment.index`) is shown on that file’s chip and in the form’s alert. Without
 * files: the widget's own form-encoded request, unchanged.
 */
export const mountFiles: MountFiles = (_home, value, form, answer, plain) => {
  const rules = readRules(value);
  if (!rules) return undefined;
  const area = buildFileArea(form, rules);
  styleFiles(form.getRootNode());

  const send: SendTicket = async (home, body) => {
    const files = area.files();
    if (!files.length) return plain(home, body);
    const problem = area.firstProblem();
    if (problem) {
      problem.focus();
      return { kind: 'rejected', detail: F('files.fix_files') };
    }
    // Faster than the help desk's minimum fill time (fill_ms is taken when Send is pressed): the server would
    // refuse it only after the whole upload, so ask now, in the server's own words (guard-intake.ts).
    if (Number(body.get('fill_ms')) < rules.min_fill_ms) return { kind: 'rejected', detail: F('files.too_fast') };
    const data = new FormData();
    for (const [name, v] of body) data.append(name, v);
    for (const file of files) data.append('attachments', file, file.name);
    area.progress(0);
    const raw = await postWithProgress(home + TICKETS, data, (fraction) => area.progress(fraction), SUBMIT_TIMEOUT_MS);
    area.progress(undefined);
    if (!raw) return { kind: 'unreachable' };
    const { result, refusal } = readFileRefusal(answer(raw.status, raw.data, raw.retryAfter), raw.data);
    if (refusal) area.refuse(refusal.index, refusal.detail);
    return result;
  };
  return send;
};
