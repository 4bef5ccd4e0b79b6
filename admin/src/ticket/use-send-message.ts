import { type RefObject, useRef, useState } from 'react';
import { ApiError, api, apiForm, type Lookups, type TicketDetail, type TicketEvent } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { translator } from '../i18n/i18n.js';
import { termName } from '../i18n/term-name.js';
import { changesToAsk, othersChanges } from './changes-to-ask.js';

export type Kind = 'reply' | 'note';

/** What others changed since the draft began, and the version that names (sent by "Send anyway"). */
export interface DraftChanges {
  events: TicketEvent[];
  current: number | undefined;
}

/**
 * Sends the composer's reply or note (with its files, its upload progress and the file the server refused),
 * against the version the draft began from; a 409 shows what others changed, or goes again when nothing of it
 * needs a question.
 */
export function useSendMessage(draft: {
  ticketId: number;
  me: number;
  statuses: Lookups['statuses'];
  kind: Kind;
  text: string;
  write: (next: string) => void;
  files: File[];
  setFiles: (files: File[]) => void;
  area: RefObject<HTMLTextAreaElement | null>;
  setError: (error: string) => void;
  setStatus: (status: string) => void;
  onSent: (ticket: TicketDetail) => void;
  onReload: () => Promise<void>;
}) {
  const { ticketId, me, statuses, kind, text, write, files, setFiles, area, setError, setStatus, onSent, onReload } = draft;
  const [changes, setChanges] = useState<DraftChanges | null>(null);
  const [busy, setBusy] = useState(false);
  // While a message with files uploads: how much has gone (0…1); and the file the server refused, if any.
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [refused, setRefused] = useState<{ file: File; detail: string } | undefined>(undefined);
  // The status of the last send, so "send anyway" after a conflict sets it too.
  const sentStatus = useRef<string | undefined>(undefined);
  // Sends against the version the draft began from (`against`; none overrides). If others changed the ticket
  // since, the server refuses it (409) with what changed: a public reply or a status or assignee change is shown
  // and the agent chooses (changesToAsk); anything else goes again against the version the server named, at
  // most twice. With `newStatus`, the server sets that status in the same change.
  const send = async (newStatus: string | undefined, against: number | undefined, retries = 2): Promise<void> => {
    sentStatus.current = newStatus;
    setChanges(null);
    if (!text.trim()) {
      setError(translator().t('admin.composer.empty'));
      area.current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    setRefused(undefined);
    try {
      const body = {
        text,
        internal: kind === 'note',
        ...(newStatus ? { status: newStatus } : {}),
        ...(against === undefined ? {} : { version: against }),
      };
      if (files.length) {
        // With files: one multipart request, the same fields beside repeated `attachments` parts.
        const form = new FormData();
        for (const [name, value] of Object.entries(body)) form.append(name, String(value));
        for (const file of files) form.append('attachments', file, file.name);
        setProgress(0);
        await apiForm(`/tickets/${ticketId}/comments`, form, setProgress);
      } else {
        await api('POST', `/tickets/${ticketId}/comments`, body);
      }
      write('');
      setFiles([]);
      const setStatusTo = statuses.find((s) => s.slug === newStatus);
      const statusName = setStatusTo && termName(translator(), 'status', setStatusTo);
      setStatus(translator().t('admin.composer.sent', { kind, hasStatus: statusName ? 'yes' : 'no', status: statusName ?? '' }));
      onSent(await api<TicketDetail>('GET', `/tickets/${ticketId}`));
    } catch (e) {
      if (e instanceof ApiError && e.problem.code === 'TICKET_CHANGED' && e.problem.changes) {
        const current = e.problem.current_version;
        if (current !== undefined && retries > 0 && changesToAsk(e.problem.changes, me).length === 0) {
          await send(newStatus, current, retries - 1);
          return;
        }
        setChanges({ events: othersChanges(e.problem.changes, me), current });
        // The thread shows what the notice names, even when no live update brought it.
        void onReload();
        return;
      }
      // A 413/415 names the refused file: its chip says why, beside the message's alert.
      const refusedFile = e instanceof ApiError && e.problem.attachment ? files[e.problem.attachment.index] : undefined;
      if (refusedFile && e instanceof ApiError) setRefused({ file: refusedFile, detail: e.problem.detail });
      setError(problemText(e));
    } finally {
      setProgress(undefined);
      setBusy(false);
    }
  };
  return { send, busy, progress, refused, changes, setChanges, sentStatus };
}
