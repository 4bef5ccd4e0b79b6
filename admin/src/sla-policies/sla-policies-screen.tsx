import { type FormEvent, useEffect, useId, useState } from 'react';
import { api, type Lookups, type Option, type RequestOf, type ResponseOf } from '../api/api.js';
import { isAbort, problemText } from '../api/problem-text.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { termName } from '../i18n/term-name.js';
import { ListScreen, ListTable } from '../shared/list-screen.js';
import { timeText } from '../shared/time-text.js';
import { useListScreen } from '../shared/use-list-screen.js';
import { useTags } from '../shared/use-tags.js';

type Policy = ResponseOf<'listSlaPolicies'>[number];
type PolicyBody = RequestOf<'createSlaPolicy'>;
type Preview = ResponseOf<'previewSlaPolicy'>;
type Schedule = ResponseOf<'listBusinessHours'>[number];
type Channel = 'widget' | 'mail' | 'site' | 'api';
type Metric = 'first_reply' | 'next_reply' | 'resolution';

const CHANNELS: Channel[] = ['widget', 'mail', 'site', 'api'];
const METRICS: Metric[] = ['first_reply', 'next_reply', 'resolution'];
/** The targets row for every urgency without its own (and tickets with none). */
const ANY = 'any';
type Minutes = Record<Metric, string>;

interface Draft {
  name: string;
  urgency: number[];
  reason: number[];
  product: number[];
  channel: Channel[];
  /** Tag ids: any one of them. */
  tag: number[];
  /** Custom form fields: the ticket's value is one of `values` (typed comma-separated, or picked for a list). */
  fields: FieldCondition[];
  /** '' runs around the clock. */
  business_hours_id: string;
  /** By urgency id, or ANY. */
  targets: Record<string, Minutes>;
  pause_statuses: string[];
  warn_before_minutes: string;
}

interface FieldCondition {
  key: string;
  values: string[];
  /** What is typed for a text field, until it is split into values. */
  text: string;
}
/** A custom field of the ticket form, as the settings hold it (built-in fields are the other conditions). */
type FormField = { key: string; label: string; type: string; options?: string[]; builtin?: boolean };

const splitValues = (text: string) =>
  text
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);

const noMinutes = (): Minutes => ({ first_reply: '', next_reply: '', resolution: '' });
const minutesText = (n: number | null | undefined) => (n ? String(n) : '');

function draftOf(policy: Policy | null, defaultSchedule: Schedule | undefined): Draft {
  if (!policy)
    return {
      name: '',
      urgency: [],
      reason: [],
      product: [],
      channel: [],
      tag: [],
      fields: [],
      business_hours_id: defaultSchedule ? String(defaultSchedule.id) : '',
      targets: { [ANY]: { first_reply: '60', next_reply: '240', resolution: '2880' } },
      pause_statuses: [],
      warn_before_minutes: '15',
    };
  const c = policy.conditions;
  return {
    name: policy.name,
    urgency: c.urgency ?? [],
    reason: c.reason ?? [],
    product: c.product ?? [],
    channel: c.channel ?? [],
    tag: c.tag ?? [],
    fields: (c.fields ?? []).map((f) => ({ key: f.key, values: f.values, text: f.values.join(', ') })),
    business_hours_id: policy.business_hours_id === null ? '' : String(policy.business_hours_id),
    targets: Object.fromEntries(
      policy.targets.map((row) => [
        row.urgency === null ? ANY : String(row.urgency),
        { first_reply: minutesText(row.first_reply), next_reply: minutesText(row.next_reply), resolution: minutesText(row.resolution) },
      ]),
    ),
    pause_statuses: policy.pause_statuses,
    warn_before_minutes: String(policy.warn_before_minutes),
  };
}

/** What the API takes for a draft (the conditions left out that ask nothing; rows without any minutes left out). */
function bodyOf(draft: Draft): PolicyBody {
  const minutes = (text: string) => (text.trim() ? Number(text) : null);
  return {
    name: draft.name.trim(),
    conditions: {
      ...(draft.urgency.length > 0 && { urgency: draft.urgency }),
      ...(draft.reason.length > 0 && { reason: draft.reason }),
      ...(draft.product.length > 0 && { product: draft.product }),
      ...(draft.channel.length > 0 && { channel: draft.channel }),
      ...(draft.tag.length > 0 && { tag: draft.tag }),
      ...(draft.fields.some((f) => f.key && f.values.length > 0) && {
        fields: draft.fields.filter((f) => f.key && f.values.length > 0).map(({ key, values }) => ({ key, values })),
      }),
    },
    business_hours_id: draft.business_hours_id ? Number(draft.business_hours_id) : null,
    targets: Object.entries(draft.targets)
      .filter(([, row]) => METRICS.some((m) => row[m].trim()))
      .map(([key, row]) => ({
        urgency: key === ANY ? null : Number(key),
        first_reply: minutes(row.first_reply),
        next_reply: minutes(row.next_reply),
        resolution: minutes(row.resolution),
      })),
    pause_statuses: draft.pause_statuses,
    warn_before_minutes: Number(draft.warn_before_minutes || 0),
  };
}

/**
 * Service levels (admins): the ordered policies — the first whose conditions a ticket meets applies — each with
 * its schedule, its targets per urgency, the statuses that pause its clock and its warning; the editor shows
 * when a ticket filed now would be due under the draft.
 */
export function SlaPoliciesScreen({ lookups }: { lookups: Lookups }) {
  const tr = useT();
  const { t } = tr;
  const title = t('service-levels.title');
  const { items: policies, error, status, run } = useListScreen<Policy[]>({ path: '/sla-policies/', title });
  const schedules = useApi<Schedule[]>('/business-hours/');
  const [editing, setEditing] = useState<Policy | 'new' | null>(null);
  const scheduleName = (id: number | null) =>
    id === null ? t('service-levels.aroundTheClock') : (schedules.data?.find((s) => s.id === id)?.name ?? `#${id}`);

  const move = (index: number, by: -1 | 1) => {
    if (!policies) return;
    const ids = policies.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    const policy = policies[index];
    void run(
      () => api('PUT', '/sla-policies/order', { ids } satisfies RequestOf<'reorderSlaPolicies'>),
      t('service-levels.moved', { name: policy?.name ?? '', position: index + by + 1 }),
    );
  };
  const remove = (policy: Policy) => {
    if (!confirm(t('service-levels.confirmDelete', { name: policy.name }))) return;
    void run(() => api('DELETE', `/sla-policies/${policy.id}`), t('service-levels.deleted', { name: policy.name })).then((done) => {
      if (done && editing !== 'new' && editing?.id === policy.id) setEditing(null);
    });
  };

  return (
    <ListScreen
      title={title}
      actions={
        <button type="button" onClick={() => setEditing('new')} disabled={!schedules.data}>
          {t('service-levels.add')}
        </button>
      }
      intro={<p className="muted">{t('service-levels.intro')}</p>}
      error={error}
      status={status}
    >
      {policies && policies.length === 0 && <p>{t('service-levels.none')}</p>}
      {policies && policies.length > 0 && (
        <ListTable columns={[t('service-levels.order'), t('service-levels.name'), t('service-levels.schedule')]}>
          {policies.map((p, index) => (
            <tr key={p.id}>
              <td>{index + 1}</td>
              <td translate="no" dir="auto">
                {p.name}
              </td>
              <td translate={p.business_hours_id === null ? undefined : 'no'} dir="auto">
                {scheduleName(p.business_hours_id)}
              </td>
              <td className="row-actions">
                <button type="button" className="button-quiet" disabled={index === 0} onClick={() => move(index, -1)}>
                  {t('service-levels.moveUp')}
                  <span className="visually-hidden" translate="no">
                    {' '}
                    {p.name}
                  </span>
                </button>
                <button type="button" className="button-quiet" disabled={index === policies.length - 1} onClick={() => move(index, 1)}>
                  {t('service-levels.moveDown')}
                  <span className="visually-hidden" translate="no">
                    {' '}
                    {p.name}
                  </span>
                </button>
                <button type="button" className="button-quiet" onClick={() => setEditing(p)}>
                  {t('service-levels.edit')}
                  <span className="visually-hidden" translate="no">
                    {' '}
                    {p.name}
                  </span>
                </button>
                <button type="button" className="button-quiet danger" onClick={() => remove(p)}>
                  {t('service-levels.delete')}
                  <span className="visually-hidden" translate="no">
                    {' '}
                    {p.name}
                  </span>
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {editing && schedules.data && (
        <PolicyEditor
          key={editing === 'new' ? 'new' : editing.id}
          policy={editing === 'new' ? null : editing}
          schedules={schedules.data}
          lookups={lookups}
          onCancel={() => setEditing(null)}
          save={async (body) => {
            const saved = await run(
              () => (editing === 'new' ? api('POST', '/sla-policies/', body) : api('PUT', `/sla-policies/${editing.id}`, body)),
              t(editing === 'new' ? 'service-levels.added' : 'service-levels.saved', { name: body.name }),
            );
            if (saved) setEditing(null);
          }}
        />
      )}
    </ListScreen>
  );
}

function PolicyEditor({
  policy,
  schedules,
  lookups,
  save,
  onCancel,
}: {
  policy: Policy | null;
  schedules: Schedule[];
  lookups: Lookups;
  save: (body: PolicyBody) => Promise<void>;
  onCancel: () => void;
}) {
  const tr = useT();
  const { t } = tr;
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() =>
    draftOf(
      policy,
      schedules.find((s) => s.is_default),
    ),
  );
  const [busy, setBusy] = useState(false);
  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const body = bodyOf(draft);
  const { tags } = useTags();
  const settings = useApi<{ tickets?: { form_fields?: FormField[] } }>('/settings');
  const customFields = (settings.data?.tickets?.form_fields ?? []).filter((f) => !f.builtin);
  const preview = usePreview(body, draft);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await save(body);
    } finally {
      setBusy(false);
    }
  };
  const setMinutes = (key: string, metric: Metric, value: string) =>
    change({ targets: { ...draft.targets, [key]: { ...(draft.targets[key] ?? noMinutes()), [metric]: value } } });
  const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));
  const targetRows: Array<{ key: string; label: string; named: boolean }> = [
    ...lookups.urgencies.map((u) => ({ key: String(u.id), label: termName(tr, 'urgency', u), named: true })),
    { key: ANY, label: t('service-levels.anyOtherUrgency'), named: false },
  ];

  const multi = <O extends { id: number }>(
    field: 'urgency' | 'reason' | 'product' | 'tag',
    label: string,
    options: O[],
    name: (o: O) => string,
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <select
        id={`${id}-${field}`}
        multiple
        size={Math.min(5, Math.max(2, options.length))}
        value={draft[field].map(String)}
        onChange={(e) => change({ [field]: [...e.target.selectedOptions].map((o) => Number(o.value)) })}
        aria-describedby={`${id}-any-hint`}
      >
        {options.map((o) => (
          <option key={o.id} value={o.id} translate="no">
            {name(o)}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <form className="card editor" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{policy ? t('service-levels.editTitle', { name: policy.name }) : t('service-levels.addTitle')}</h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('service-levels.name')}</label>
        <input id={`${id}-name`} required maxLength={100} value={draft.name} onChange={(e) => change({ name: e.target.value })} />
      </div>
      <fieldset>
        <legend>{t('service-levels.conditions')}</legend>
        <p className="hint" id={`${id}-any-hint`}>
          {t('service-levels.conditionsHint')}
        </p>
        {multi('urgency', t('service-levels.urgencies'), lookups.urgencies, (o) => termName(tr, 'urgency', o))}
        {multi('reason', t('service-levels.reasons'), lookups.reasons, (o) => termName(tr, 'reason', o))}
        {multi('product', t('service-levels.products'), lookups.products, (o) => o.name)}
        {multi('tag', t('service-levels.edits.tags'), tags, (o) => o.name)}
        <FieldConditions conditions={draft.fields} customFields={customFields} onChange={(fields) => change({ fields })} />
        <fieldset className="checkbox-group">
          <legend>{t('service-levels.channels')}</legend>
          {CHANNELS.map((channel) => (
            <label key={channel} className="checkbox-label">
              <input
                type="checkbox"
                checked={draft.channel.includes(channel)}
                onChange={(e) => change({ channel: toggle(draft.channel, channel, e.target.checked) })}
              />{' '}
              {t(`service-levels.channel.${channel}`)}
            </label>
          ))}
        </fieldset>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-hours`}>{t('service-levels.schedule')}</label>
        <select id={`${id}-hours`} value={draft.business_hours_id} onChange={(e) => change({ business_hours_id: e.target.value })}>
          <option value="">{t('service-levels.aroundTheClock')}</option>
          {schedules.map((s) => (
            <option key={s.id} value={s.id} translate="no">
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend>{t('service-levels.targets')}</legend>
        <p className="hint">{t('service-levels.targetsHint')}</p>
        <div className="sla-targets-scroll">
          <table className="sla-targets">
            <thead>
              <tr>
                <th scope="col">{t('service-levels.urgency')}</th>
                {METRICS.map((m) => (
                  <th key={m} scope="col">
                    {t(`service-levels.metric.${m}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {targetRows.map((row) => (
                <tr key={row.key}>
                  <th scope="row" translate={row.named ? 'no' : undefined}>
                    {row.label}
                  </th>
                  {METRICS.map((m) => (
                    <td key={m}>
                      <input
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={525_600}
                        aria-label={t('service-levels.minutesFor', { metric: t(`service-levels.metric.${m}`), urgency: row.label })}
                        value={draft.targets[row.key]?.[m] ?? ''}
                        onChange={(e) => setMinutes(row.key, m, e.target.value)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>
      <fieldset className="checkbox-group">
        <legend>{t('service-levels.pauseStatuses')}</legend>
        <p className="hint">{t('service-levels.pauseHint')}</p>
        {lookups.statuses.map((s) => (
          <label key={s.slug} className="checkbox-label">
            <input
              type="checkbox"
              checked={draft.pause_statuses.includes(s.slug)}
              onChange={(e) => change({ pause_statuses: toggle(draft.pause_statuses, s.slug, e.target.checked) })}
            />{' '}
            <span translate="no">{termName(tr, 'status', s)}</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-warn`}>{t('service-levels.warnBefore')}</label>
        <input
          id={`${id}-warn`}
          type="number"
          inputMode="numeric"
          min={0}
          max={10_080}
          required
          value={draft.warn_before_minutes}
          onChange={(e) => change({ warn_before_minutes: e.target.value })}
        />
      </div>
      <div className="sla-preview" aria-live="polite">
        {preview}
      </div>
      <div className="form-actions">
        <button type="submit" disabled={busy}>
          {policy ? t('service-levels.saveChanges') : t('service-levels.addSubmit')}
        </button>
        <button type="button" className="button-quiet" onClick={onCancel}>
          {t('service-levels.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * The preview under the editor: the draft asked of POST /sla-policies/preview for a ticket filed now that meets
 * its conditions (the first urgency, reason, product, channel, tag and field value chosen), a moment after the last
 * keystroke.
 */
function usePreview(body: PolicyBody, draft: Draft) {
  const { t } = useT();
  const [answer, setAnswer] = useState<Preview | null>(null);
  const [failed, setFailed] = useState('');
  const ready = body.targets.length > 0 && body.targets.every((row) => METRICS.some((m) => row[m] !== null));
  const request = JSON.stringify({
    ticket: {
      urgency: draft.urgency[0] ?? null,
      reason: draft.reason[0] ?? null,
      product: draft.product[0] ?? null,
      channel: draft.channel[0] ?? 'widget',
      // …with the first tag and each field's first value asked for, so the preview meets those conditions too.
      ...(draft.tag[0] !== undefined && { tags: [draft.tag[0]] }),
      fields: Object.fromEntries(draft.fields.filter((f) => f.key && f.values[0]).map((f) => [f.key, f.values[0] as string])),
    },
    // The name is not what is previewed; a draft without one yet is previewed all the same.
    policy: { ...body, name: body.name || '-' },
  } satisfies RequestOf<'previewSlaPolicy'>);
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api<Preview>('POST', '/sla-policies/preview', JSON.parse(request), undefined, controller.signal).then(
        (reply) => {
          setAnswer(reply);
          setFailed('');
        },
        (error) => {
          if (!isAbort(error)) setFailed(problemText(error));
        },
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [request, ready]);

  if (!ready) return <p className="muted">{t('service-levels.previewNeedsTargets')}</p>;
  if (failed) return <p className="muted">{failed}</p>;
  if (!answer) return <p className="muted">{t('service-levels.previewLoading')}</p>;
  const due = answer.targets.filter((target) => target.due_at);
  if (due.length === 0) return <p className="muted">{t('service-levels.previewNothingDue')}</p>;
  return (
    <ul className="sla-preview-list">
      {due.map((target) => (
        <li key={target.metric}>
          {t('service-levels.previewLine', { metric: t(`service-levels.metric.${target.metric}`), time: timeText(target.due_at) })}
        </li>
      ))}
    </ul>
  );
}

/**
 * The custom form fields a ticket must have a value of: a field each row, its values picked (a list field) or
 * typed comma-separated; a ticket meets the row when its value is one of them.
 */
function FieldConditions({
  conditions,
  customFields,
  onChange,
}: {
  conditions: FieldCondition[];
  customFields: FormField[];
  onChange: (conditions: FieldCondition[]) => void;
}) {
  const { t } = useT();
  const id = useId();
  const set = (index: number, patch: Partial<FieldCondition>) => onChange(conditions.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  return (
    <fieldset className="sla-field-conditions">
      <legend>{t('service-levels.edits.fields')}</legend>
      {customFields.length === 0 && conditions.length === 0 && <p className="muted">{t('service-levels.edits.noCustomFields')}</p>}
      {conditions.map((condition, index) => {
        const field = customFields.find((f) => f.key === condition.key);
        const rowId = `${id}-${index}`;
        const label = field?.label ?? condition.key;
        return (
          // Keyed by place: a row has no id of its own while its field is being chosen.
          <div key={index} className="sla-field-condition">
            <div className="field">
              <label htmlFor={`${rowId}-key`}>{t('service-levels.edits.field')}</label>
              <select id={`${rowId}-key`} value={condition.key} onChange={(e) => set(index, { key: e.target.value, values: [], text: '' })}>
                {/* A field removed from the form since stays listed, so the condition reads as it is stored. */}
                {!field && condition.key && (
                  <option value={condition.key} translate="no">
                    {condition.key}
                  </option>
                )}
                {customFields.map((f) => (
                  <option key={f.key} value={f.key} translate="no">
                    {f.label}
                  </option>
                ))}
              </select>
            </div>
            {field?.type === 'select' && field.options?.length ? (
              <div className="field">
                <label htmlFor={`${rowId}-values`}>{t('service-levels.edits.valuesOf', { field: label })}</label>
                <select
                  id={`${rowId}-values`}
                  multiple
                  size={Math.min(5, Math.max(2, field.options.length))}
                  value={condition.values}
                  onChange={(e) => set(index, { values: [...e.target.selectedOptions].map((o) => o.value) })}
                >
                  {field.options.map((option) => (
                    <option key={option} value={option} translate="no">
                      {option}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <div className="field">
                <label htmlFor={`${rowId}-values`}>{t('service-levels.edits.valuesOf', { field: label })}</label>
                <input
                  id={`${rowId}-values`}
                  value={condition.text}
                  aria-describedby={`${rowId}-hint`}
                  dir="auto"
                  onChange={(e) => set(index, { text: e.target.value, values: splitValues(e.target.value) })}
                />
                <p className="hint" id={`${rowId}-hint`}>
                  {t('service-levels.edits.valuesHint')}
                </p>
              </div>
            )}
            <button type="button" className="button-quiet danger" onClick={() => onChange(conditions.filter((_, i) => i !== index))}>
              {t('service-levels.edits.removeField')}
              <span className="visually-hidden" translate="no">
                {' '}
                {label}
              </span>
            </button>
          </div>
        );
      })}
      {customFields.length > 0 && (
        <button
          type="button"
          className="button-quiet"
          onClick={() => onChange([...conditions, { key: customFields[0]?.key ?? '', values: [], text: '' }])}
        >
          {t('service-levels.edits.addField')}
        </button>
      )}
    </fieldset>
  );
}
