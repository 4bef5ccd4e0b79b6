// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Lookups, Option, TicketDetail } from '../api/api.js';
import { BulkBar } from '../inbox/bulk-bar.js';
import { describeBulkChange } from '../inbox/bulk-change.js';
import { InboxFilters } from '../inbox/inbox-filters.js';
import { StatusTabs } from '../inbox/status-tabs.js';
import { TicketTable } from '../inbox/ticket-table.js';
import type { KeptRow } from '../inbox/use-kept-order.js';
import { TermsEditor } from '../settings/terms-editor.js';
import { StatusMenu } from '../shared/status-menu.js';
import { jsonAnswer, ticketEvent } from '../test/answers.js';
import { ComposerActions } from '../ticket/composer-actions.js';
import { describeChange } from '../ticket/ticket-changes.js';
import { TicketControls } from '../ticket/ticket-controls.js';
import { TicketHeader } from '../ticket/ticket-header.js';
import { applyLanguage, I18nProvider, loadNamespaces } from './i18n.js';

const term = (id: number, slug: string, name: string): Option => ({ id, slug, name, order: id * 10, client_label: null });

// Seeded statuses keep their seeded names, but the owner renamed "Waiting" to "On hold" and added "Parked".
const statuses: Option[] = [
  term(1, 'open', 'Open'),
  term(2, 'waiting', 'On hold'),
  term(3, 'in-progress', 'In Progress'),
  term(4, 'parked', 'Parked'),
];
const lookups: Lookups = {
  statuses,
  reasons: [term(10, 'billing', 'Billing'), term(11, 'question', 'Ask us')],
  urgencies: [term(20, 'high', 'High'), term(21, 'urgent', 'Right now')],
  products: [],
  staff: [],
};

const row = {
  id: 7,
  number: 1042,
  title: 'Bestellung fehlt',
  modified: '2026-12-02T13:05:00Z',
  created: '2026-12-02T12:00:00Z',
  unread: false,
  status: { slug: 'open', name: 'Open' },
  assignee: null,
  client: null,
  urgency: { slug: 'high', name: 'High' },
  tags: [],
  snippet: null,
} as unknown as KeptRow;

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await applyLanguage('en', 'UTC');
});

// The screen's catalogue namespaces, as its route loads them (app.tsx, i18n/with-namespaces.tsx).
beforeAll(() => loadNamespaces(['settings']));
describe('statuses, reasons and urgencies in the agent’s language', () => {
  it('shows seeded names in German on the inbox’s tabs, filters, rows and bulk bar, and the owner’s names as written', async () => {
    await applyLanguage('de', 'UTC');
    render(
      <I18nProvider>
        <StatusTabs status="" statuses={statuses} data={null} linkTo={(s) => `?status=${s ?? ''}`} />
        <InboxFilters query={new URLSearchParams()} lookups={lookups} tags={[]} setFilter={() => {}} />
        <TicketTable rows={[row]} words={[]} selected={new Set()} onToggle={() => {}} onSelectAll={() => {}} />
        <BulkBar selected={[7]} lookups={lookups} tags={[]} onDone={() => {}} onClear={() => {}} />
      </I18nProvider>,
    );
    const tabs = screen.getByRole('navigation', { name: 'Status' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((a) => a.textContent?.trim()),
    ).toEqual(['Alle', 'Offen', 'On hold', 'In Bearbeitung', 'Parked']);
    expect(optionTexts(screen.getByLabelText('Anliegen'))).toEqual(['Alle', 'Abrechnung', 'Ask us']);
    expect(optionTexts(screen.getByLabelText('Dringlichkeit'))).toEqual(['Alle', 'Hoch', 'Right now']);
    const ticket = screen.getByTestId('ticket-row-7');
    expect(within(ticket).getByText('Offen')).toBeTruthy();
    expect(within(ticket).getByText('Hoch')).toBeTruthy();
    expect(optionTexts(screen.getByLabelText('Status setzen')).slice(1)).toEqual(['Offen', 'On hold', 'In Bearbeitung', 'Parked']);
  });

  it('says in German what a bulk change did, while the row it patches keeps the stored name', async () => {
    await applyLanguage('de', 'UTC');
    const { fields, label } = describeBulkChange({ status: 'in-progress' }, lookups);
    expect(fields.status).toEqual({ slug: 'in-progress', name: 'In Progress' });
    expect(label).toContain('In Bearbeitung');
    expect(describeBulkChange({ status: 'waiting' }, lookups).label).toContain('On hold');
  });

  it('offers the statuses in German in the s menu, the ticket’s card, its headline and “Send and set”', async () => {
    await applyLanguage('de', 'UTC');
    // happy-dom has no modal dialogs: the menu only needs showModal to exist.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    const ticket = {
      id: 7,
      number: 1042,
      title: 'Bestellung fehlt',
      created: '2026-12-02T12:00:00Z',
      status: { slug: 'in-progress', name: 'In Progress' },
      reason: { slug: 'billing', name: 'Billing' },
      urgency: null,
      assignee: null,
      product: null,
      tags: [],
      comments: [],
    } as unknown as TicketDetail;
    render(
      <I18nProvider>
        <TicketHeader ticket={ticket} />
        <TicketControls
          ticket={ticket}
          lookups={lookups}
          knownTags={[]}
          notice=""
          error=""
          conflict={null}
          onReview={() => {}}
          change={async () => {}}
          onTagsSaved={() => {}}
        />
        <ComposerActions
          kind="reply"
          status=""
          statuses={statuses}
          busy={false}
          suggesting={false}
          onSuggest={() => {}}
          setTo="open"
          onSetTo={() => {}}
          onSendAndSet={() => {}}
        />
        <StatusMenu statuses={statuses} onChoose={() => {}} onClose={() => {}} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('ticket-status').textContent).toBe('In Bearbeitung');
    expect(optionTexts(document.getElementById('ticket-status-select') as HTMLElement)).toEqual([
      'Offen',
      'On hold',
      'In Bearbeitung',
      'Parked',
    ]);
    expect(optionTexts(document.getElementById('ticket-reason') as HTMLElement)).toEqual(['Keine Angabe', 'Abrechnung', 'Ask us']);
    expect(optionTexts(document.getElementById('ticket-urgency') as HTMLElement)).toEqual(['Keine Angabe', 'Hoch', 'Right now']);
    expect(optionTexts(document.getElementById('composer-set-status') as HTMLElement)).toContain('Offen');
    expect(screen.getByRole('button', { name: 'Senden und Offen setzen' })).toBeTruthy();
    const menu = document.querySelector('dialog.status-menu') as HTMLElement;
    expect([...menu.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(['Offen', 'On hold', 'In Bearbeitung', 'Parked']);
  });

  it('writes the activity log in German, a seeded status in German and the owner’s own as written', async () => {
    await applyLanguage('de', 'UTC');
    const now = Date.parse('2026-12-02T10:00:02Z');
    expect(describeChange(ticketEvent({ field: 'status', from: 'Open', to: 'Closed' }), now)).toContain(
      'Blair hat den Status auf Geschlossen gesetzt',
    );
    expect(describeChange(ticketEvent({ field: 'status', to: 'Parked' }), now)).toContain('auf Parked gesetzt');
    expect(describeChange(ticketEvent({ field: 'urgency', to: 'Urgent' }), now)).toContain('die Dringlichkeit auf Dringend');
    await act(() => applyLanguage('en', 'UTC'));
    expect(describeChange(ticketEvent({ field: 'status', to: 'Closed' }), now)).toContain('Blair set the status to Closed');
  });

  it('edits the stored name in the terms editor, and says how a seeded one reads in the agent’s language', async () => {
    await applyLanguage('de', 'UTC');
    vi.stubGlobal('fetch', async () =>
      jsonAnswer([
        { id: 1, slug: 'open', name: 'Open', client_label: 'Received' },
        { id: 2, slug: 'waiting', name: 'On hold', client_label: 'With our team' },
      ]),
    );
    render(
      <I18nProvider>
        <TermsEditor kind="statuses" onChanged={() => {}} />
      </I18nProvider>,
    );
    await waitFor(() => expect(screen.getByDisplayValue('Open')).toBeTruthy());
    const open = screen.getByDisplayValue('Open');
    expect(open.getAttribute('aria-describedby')).toBe('term-1-seeded');
    expect(document.getElementById('term-1-seeded')?.textContent).toContain('„Offen“');
    expect(document.getElementById('client-label-1-seeded')?.textContent).toContain('„Eingegangen“');
    // A renamed status and the owner's own words for clients: as written, and nothing to say about languages.
    expect(screen.getByDisplayValue('On hold').getAttribute('aria-describedby')).toBeNull();
    expect(screen.getAllByTestId('term-seeded')).toHaveLength(1);
    expect(screen.getAllByTestId('client-label-seeded')).toHaveLength(1);
  });
});
