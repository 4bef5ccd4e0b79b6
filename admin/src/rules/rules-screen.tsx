import { type FormEvent, useId, useState } from 'react';
import type { MessageKey } from '../../../common/i18n/message-keys.js';
import { api, type Lookups, type RequestOf, type ResponseOf } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { termName } from '../i18n/term-name.js';
import { ListScreen, ListTable } from '../shared/list-screen.js';
import { useListScreen } from '../shared/use-list-screen.js';
import {
  ACTION_TYPES,
  type ActionDraft,
  blankAction,
  bodyOf,
  CHANNELS,
  type ConditionDraft,
  type Draft,
  draftOf,
  FIELDS,
  type Field,
  OPS,
  type Rule,
  type RuleBody,
  TRIGGERS,
  type Trigger,
  type Wait,
} from './rule-draft.js';

type Preview = ResponseOf<'previewRule'>;
type SavedReply = ResponseOf<'listSavedReplies'>[number];
type Webhook = ResponseOf<'listWebhooks'>[number];

/**
 * Rules (admins): the ordered automations — when each runs, its conditions and actions — with an on/off switch and a
 * preview of the tickets a rule would act on now.
 */
export function RulesScreen({ lookups }: { lookups: Lookups }) {
  const { t } = useT();
  const title = t('rules.title');
  const { items: rules, error, status, run } = useListScreen<Rule[]>({ path: '/rules/', title });
  const [editing, setEditing] = useState<Rule | 'new' | null>(null);
  const [preview, setPreview] = useState<{ rule: Rule; answer: Preview } | null>(null);
  const [previewError, setPreviewError] = useState('');

  const move = (index: number, by: -1 | 1) => {
    if (!rules) return;
    const ids = rules.map((r) => r.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    void run(
      () => api('PUT', '/rules/order', { ids } satisfies RequestOf<'reorderRules'>),
      t('rules.moved', { name: rules[index]?.name ?? '', position: index + by + 1 }),
    );
  };
  const switchRule = (rule: Rule, on: boolean) =>
    void run(
      () => api('PUT', `/rules/${rule.id}`, { ...bodyOf(draftOf(rule)), enabled: on }),
      t('rules.switched', { name: rule.name, on: on ? 'yes' : 'no' }),
    );
  const remove = (rule: Rule) => {
    if (!confirm(t('rules.confirmDelete', { name: rule.name }))) return;
    void run(() => api('DELETE', `/rules/${rule.id}`), t('rules.deleted', { name: rule.name })).then((done) => {
      if (done && editing !== 'new' && editing?.id === rule.id) setEditing(null);
    });
  };
  const showPreview = async (rule: Rule) => {
    setPreviewError('');
    try {
      setPreview({ rule, answer: await api<Preview>('GET', `/rules/${rule.id}/preview`) });
    } catch (problem) {
      setPreviewError(problemText(problem));
    }
  };
  const hidden = (name: string) => (
    <span className="visually-hidden" translate="no">
      {' '}
      {name}
    </span>
  );

  return (
    <ListScreen
      title={title}
      actions={
        <button type="button" onClick={() => setEditing('new')}>
          {t('rules.add')}
        </button>
      }
      intro={<p className="muted">{t('rules.intro')}</p>}
      error={error || previewError}
      status={status}
    >
      {rules && rules.length === 0 && <p>{t('rules.none')}</p>}
      {rules && rules.length > 0 && (
        <ListTable columns={[t('rules.order'), t('rules.name'), t('rules.when'), t('rules.enabled')]}>
          {rules.map((r, index) => (
            <tr key={r.id}>
              <td>{index + 1}</td>
              <td translate="no" dir="auto">
                {r.name}
              </td>
              <td>{t(`rules.trigger.${r.trigger}` as MessageKey)}</td>
              <td>
                {/* Labelled in sight as well: on a phone the list's headings are hidden and the row reads as a card. */}
                <label className="checkbox-label">
                  <input
                    type="checkbox"
                    role="switch"
                    aria-checked={r.enabled}
                    aria-label={`${t('rules.enabled')} ${r.name}`}
                    checked={r.enabled}
                    onChange={(e) => switchRule(r, e.target.checked)}
                  />{' '}
                  <span aria-hidden="true">{t('rules.enabled')}</span>
                </label>
              </td>
              <td className="row-actions">
                <button type="button" className="button-quiet" disabled={index === 0} onClick={() => move(index, -1)}>
                  {t('rules.moveUp')}
                  {hidden(r.name)}
                </button>
                <button type="button" className="button-quiet" disabled={index === rules.length - 1} onClick={() => move(index, 1)}>
                  {t('rules.moveDown')}
                  {hidden(r.name)}
                </button>
                <button type="button" className="button-quiet" onClick={() => void showPreview(r)}>
                  {t('rules.preview')}
                  {hidden(r.name)}
                </button>
                <button type="button" className="button-quiet" onClick={() => setEditing(r)}>
                  {t('rules.edit')}
                  {hidden(r.name)}
                </button>
                <button type="button" className="button-quiet danger" onClick={() => remove(r)}>
                  {t('rules.delete')}
                  {hidden(r.name)}
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {preview && (
        <section className="card" aria-labelledby="rule-preview-title">
          <h2 id="rule-preview-title">{t('rules.previewOf', { name: preview.rule.name })}</h2>
          <p aria-live="polite">{t('rules.previewCount', { count: preview.answer.count })}</p>
          <ul>
            {preview.answer.tickets.map((ticket) => (
              <li key={ticket.id}>
                <a href={`/admin/tickets/${ticket.number ?? ticket.id}`} translate="no" dir="auto">
                  #{ticket.number ?? ticket.id} {ticket.subject}
                </a>
              </li>
            ))}
          </ul>
          <button type="button" className="button-quiet" onClick={() => setPreview(null)}>
            {t('rules.close')}
          </button>
        </section>
      )}
      {editing && (
        <RuleEditor
          key={editing === 'new' ? 'new' : editing.id}
          rule={editing === 'new' ? null : editing}
          lookups={lookups}
          onCancel={() => setEditing(null)}
          save={async (body) => {
            const saved = await run(
              () => (editing === 'new' ? api('POST', '/rules/', body) : api('PUT', `/rules/${editing.id}`, body)),
              t(editing === 'new' ? 'rules.added' : 'rules.saved', { name: body.name }),
            );
            if (saved) setEditing(null);
          }}
        />
      )}
    </ListScreen>
  );
}

function RuleEditor({
  rule,
  lookups,
  save,
  onCancel,
}: {
  rule: Rule | null;
  lookups: Lookups;
  save: (body: RuleBody) => Promise<void>;
  onCancel: () => void;
}) {
  const tr = useT();
  const { t } = tr;
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const [busy, setBusy] = useState(false);
  const replies = useApi<SavedReply[]>('/saved-replies/');
  const webhooks = useApi<Webhook[]>('/webhooks/');
  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setCondition = (index: number, patch: Partial<ConditionDraft>) =>
    change({ conditions: draft.conditions.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
  const setAction = (index: number, patch: Partial<ActionDraft>) =>
    change({ actions: draft.actions.map((a, i) => (i === index ? { ...a, ...patch } : a)) });
  const sharedReplies = (replies.data ?? []).filter((r) => r.shared);
  const staff = lookups.staff;

  // The fields' ids in the order they render: the same field keeps its id from one render to the next.
  let fields = 0;
  const nextId = () => `${id}-f${fields++}`;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await save(bodyOf(draft));
    } finally {
      setBusy(false);
    }
  };
  const select = (label: string, value: string, onChange: (value: string) => void, options: Array<[string, string]>, named = false) => {
    const fieldId = nextId();
    return (
      <div className="field">
        <label htmlFor={fieldId}>{label}</label>
        <select id={fieldId} value={value} onChange={(e) => onChange(e.target.value)} required>
          {options.map(([v, text]) => (
            <option key={v} value={v} translate={named ? 'no' : undefined}>
              {text}
            </option>
          ))}
        </select>
      </div>
    );
  };
  const input = (label: string, value: string, onChange: (value: string) => void, multiline = false) => {
    const fieldId = nextId();
    return (
      <div className="field">
        <label htmlFor={fieldId}>{label}</label>
        {multiline ? (
          <textarea id={fieldId} required rows={3} value={value} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input id={fieldId} required value={value} onChange={(e) => onChange(e.target.value)} />
        )}
      </div>
    );
  };
  const statusOptions: Array<[string, string]> = lookups.statuses.map((s) => [s.slug, termName(tr, 'status', s)]);
  const agentOptions: Array<[string, string]> = [['', '—'], ...staff.map((s): [string, string] => [String(s.id), s.name])];

  return (
    <form className="card editor" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{rule ? t('rules.editTitle', { name: rule.name }) : t('rules.addTitle')}</h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('rules.name')}</label>
        <input id={`${id}-name`} required maxLength={100} value={draft.name} onChange={(e) => change({ name: e.target.value })} />
      </div>
      <label className="checkbox-label">
        <input type="checkbox" checked={draft.enabled} onChange={(e) => change({ enabled: e.target.checked })} /> {t('rules.enabled')}
      </label>
      {select(
        t('rules.when'),
        draft.trigger,
        (v) => change({ trigger: v as Trigger }),
        TRIGGERS.map((trigger) => [trigger, t(`rules.trigger.${trigger}` as MessageKey)]),
      )}
      {draft.trigger === 'time' && (
        <fieldset>
          <legend>{t('rules.wait')}</legend>
          {select(t('rules.wait.status'), draft.wait.status, (status) => change({ wait: { ...draft.wait, status } }), statusOptions)}
          <div className="field">
            <label htmlFor={`${id}-amount`}>{t('rules.wait.amount')}</label>
            <input
              id={`${id}-amount`}
              type="number"
              inputMode="numeric"
              min={1}
              max={8760}
              required
              value={draft.wait.amount}
              onChange={(e) => change({ wait: { ...draft.wait, amount: Number(e.target.value) } })}
            />
          </div>
          {select(t('rules.unit'), draft.wait.unit, (unit) => change({ wait: { ...draft.wait, unit: unit as Wait['unit'] } }), [
            ['hours', t('rules.unit.hours')],
            ['days', t('rules.unit.days')],
          ])}
          {select(t('rules.clock'), draft.wait.clock, (clock) => change({ wait: { ...draft.wait, clock: clock as Wait['clock'] } }), [
            ['business', t('rules.clock.business')],
            ['calendar', t('rules.clock.calendar')],
          ])}
        </fieldset>
      )}
      <fieldset>
        <legend>{t('rules.match')}</legend>
        {draft.conditions.length === 0 && <p className="hint">{t('rules.conditionsHint')}</p>}
        {select(t('rules.match'), draft.match, (match) => change({ match: match as Draft['match'] }), [
          ['all', t('rules.match.all')],
          ['any', t('rules.match.any')],
        ])}
        {draft.conditions.map((c, index) => (
          <fieldset key={index} className="rule-row">
            <legend>{t('rules.condition', { n: index + 1 })}</legend>
            {select(
              t('rules.field'),
              c.field,
              (field) => setCondition(index, { field: field as Field, op: OPS[field as Field][0] as string, text: '', ids: [] }),
              FIELDS.map((field) => [field, t(`rules.field.${field}` as MessageKey)]),
            )}
            {select(
              t('rules.op'),
              c.op,
              (op) => setCondition(index, { op }),
              OPS[c.field].map((op) => [op, t(`rules.op.${op}` as MessageKey)]),
            )}
            {c.field === 'custom' && input(t('rules.key'), c.key, (key) => setCondition(index, { key }))}
            {(c.field === 'urgency' || c.field === 'reason' || c.field === 'product') && (
              <div className="field">
                <label htmlFor={`${id}-ids-${index}`}>{t(`rules.field.${c.field}`)}</label>
                <select
                  id={`${id}-ids-${index}`}
                  multiple
                  required
                  value={c.ids.map(String)}
                  onChange={(e) => setCondition(index, { ids: [...e.target.selectedOptions].map((o) => Number(o.value)) })}
                >
                  {(c.field === 'urgency' ? lookups.urgencies : c.field === 'reason' ? lookups.reasons : lookups.products).map((o) => (
                    <option key={o.id} value={o.id} translate="no">
                      {c.field === 'product' ? o.name : termName(tr, c.field === 'urgency' ? 'urgency' : 'reason', o)}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {c.field === 'channel' && (
              <p className="hint">{CHANNELS.map((channel) => `${channel} (${t(`service-levels.channel.${channel}`)})`).join(', ')}</p>
            )}
            {c.field !== 'business_hours' &&
              c.field !== 'urgency' &&
              c.field !== 'reason' &&
              c.field !== 'product' &&
              input(t('rules.values'), c.text, (text) => setCondition(index, { text }))}
            <button
              type="button"
              className="button-quiet"
              onClick={() => change({ conditions: draft.conditions.filter((_, i) => i !== index) })}
            >
              {t('rules.remove')}
              <span className="visually-hidden"> {t('rules.condition', { n: index + 1 })}</span>
            </button>
          </fieldset>
        ))}
        <button
          type="button"
          className="button-quiet"
          onClick={() => change({ conditions: [...draft.conditions, { field: 'status', op: 'is', key: '', text: '', ids: [] }] })}
        >
          {t('rules.addCondition')}
        </button>
      </fieldset>
      <fieldset>
        <legend>{t('rules.type')}</legend>
        <p className="hint">{t('rules.placeholders')}</p>
        {draft.actions.map((a, index) => (
          <fieldset key={index} className="rule-row">
            <legend>{t('rules.action', { n: index + 1 })}</legend>
            {select(
              t('rules.type'),
              a.type,
              (type) => setAction(index, { type }),
              ACTION_TYPES.map((type) => [type, t(`rules.type.${type}` as MessageKey)]),
            )}
            {(a.type === 'assign' || (a.type === 'mail' && a.to === 'agent')) &&
              select(t('rules.agent'), a.agent, (agent) => setAction(index, { agent }), agentOptions, true)}
            {(a.type === 'add_tags' || a.type === 'remove_tags') && input(t('rules.tags'), a.tags, (tags) => setAction(index, { tags }))}
            {a.type === 'set_status' &&
              select(t('rules.status'), a.status, (status) => setAction(index, { status }), [['', '—'], ...statusOptions])}
            {a.type === 'set_urgency' &&
              select(t('rules.urgency'), a.urgency, (urgency) => setAction(index, { urgency }), [
                ['', t('rules.noUrgency')],
                ...lookups.urgencies.map((u): [string, string] => [String(u.id), termName(tr, 'urgency', u)]),
              ])}
            {a.type === 'saved_reply' &&
              select(
                t('rules.savedReply'),
                a.reply,
                (reply) => setAction(index, { reply }),
                [['', '—'], ...sharedReplies.map((r): [string, string] => [String(r.id), r.title])],
                true,
              )}
            {a.type === 'mail' &&
              select(t('rules.mailTo'), a.to, (to) => setAction(index, { to: to as ActionDraft['to'] }), [
                ['assignee', t('rules.mailTo.assignee')],
                ['client', t('rules.mailTo.client')],
                ['agent', t('rules.mailTo.agent')],
              ])}
            {a.type === 'mail' && input(t('rules.subject'), a.subject, (subject) => setAction(index, { subject }))}
            {(a.type === 'note' || a.type === 'mail') && input(t('rules.text'), a.text, (text) => setAction(index, { text }), true)}
            {a.type === 'webhook' &&
              select(
                t('rules.webhook'),
                a.webhook,
                (webhook) => setAction(index, { webhook }),
                [['', '—'], ...(webhooks.data ?? []).map((w): [string, string] => [String(w.id), w.description || w.url])],
                true,
              )}
            <button
              type="button"
              className="button-quiet"
              disabled={draft.actions.length === 1}
              onClick={() => change({ actions: draft.actions.filter((_, i) => i !== index) })}
            >
              {t('rules.remove')}
              <span className="visually-hidden"> {t('rules.action', { n: index + 1 })}</span>
            </button>
          </fieldset>
        ))}
        <button type="button" className="button-quiet" onClick={() => change({ actions: [...draft.actions, blankAction()] })}>
          {t('rules.addAction')}
        </button>
      </fieldset>
      <div className="form-actions">
        <button type="submit" disabled={busy}>
          {t('rules.save')}
        </button>
        <button type="button" className="button-quiet" onClick={onCancel}>
          {t('rules.cancel')}
        </button>
      </div>
    </form>
  );
}
