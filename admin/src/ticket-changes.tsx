import { useEffect, useRef } from 'react';
import { describeTicketChange } from '../../common/describe-ticket-change.js';
import type { TicketEvent } from './api.js';

/** "Alex replied 20 s ago" — one change in plain words, for the conflict notice and the activity log. */
export function describeChange(event: TicketEvent, now = Date.now()): string {
  return `${describeTicketChange(event)} ${ago(event.created, now)}`;
}

function ago(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  return `${Math.round(seconds / 3600)} h ago`;
}

/**
 * Shown instead of sending when the ticket changed since it was opened (409 TICKET_CHANGED): what changed,
 * then "send anyway" (without a version, so it is applied) or "show the ticket" (reload, keep the draft).
 */
export function ChangedNotice({
  changes,
  action,
  onProceed,
  onReload,
}: {
  changes: TicketEvent[];
  action: string;
  onProceed: () => void;
  onReload: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  const now = Date.now();
  return (
    <div
      className="alert changed-notice"
      role="alertdialog"
      aria-labelledby="changed-title"
      aria-describedby="changed-list"
      tabIndex={-1}
      ref={box}
    >
      <p id="changed-title">
        <strong>This ticket changed since you opened it.</strong>
      </p>
      <ul id="changed-list">
        {changes.map((change) => (
          <li key={`${change.version}-${change.kind}-${change.field ?? ''}`}>{describeChange(change, now)}.</li>
        ))}
      </ul>
      <div className="composer-actions">
        <button type="button" className="button-secondary" onClick={onReload}>
          Show the ticket first
        </button>
        <button type="button" onClick={onProceed}>
          {action} anyway
        </button>
      </div>
    </div>
  );
}
