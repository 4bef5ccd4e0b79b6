import { type FormEvent, useId, useMemo, useState } from 'react';
import { BUSINESS_HOURS_INTERVALS_PER_DAY_MAX, BUSINESS_HOURS_NAME_MAX } from '../../../common/limits.js';
import { api, type RequestOf, type ResponseOf } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { ListScreen, ListTable } from '../shared/list-screen.js';
import { getSiteTimeZone } from '../shared/time-text.js';
import { useListScreen } from '../shared/use-list-screen.js';

type Schedule = ResponseOf<'listBusinessHours'>[number];
type Interval = { start: string; end: string };
interface SpecialDay {
  date: string;
  name: string;
  intervals: Interval[];
}
interface Draft {
  name: string;
  /** '' follows the site's zone. */
  time_zone: string;
  /** Sunday first, as the API keeps it. */
  week: Interval[][];
  overrides: SpecialDay[];
  is_default: boolean;
}

/** The days as the API numbers them (0 = Sunday), shown Monday first. */
const DAY_KEYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const SHOWN_DAYS = [1, 2, 3, 4, 5, 6, 0].map((day) => ({ day, key: DAY_KEYS[day as 0] }));

/** An interval's end at midnight, the end of its day, as the API takes it. */
const END_OF_DAY = '24:00';

const officeHours = (): Interval[] => [{ start: '09:00', end: '17:00' }];
/** A new schedule starts as the one made at setup: Monday to Friday, 09:00–17:00. */
const newDraft = (): Draft => ({
  name: '',
  time_zone: '',
  week: DAY_KEYS.map((_, day) => (day === 0 || day === 6 ? [] : officeHours())),
  overrides: [],
  is_default: false,
});
const draftOf = (schedule: Schedule): Draft => ({
  name: schedule.name,
  time_zone: schedule.time_zone ?? '',
  week: schedule.week.map((day) => day.map(({ start, end }) => ({ start, end }))),
  overrides: schedule.overrides.map((o) => ({
    date: o.date,
    name: o.name,
    intervals: o.intervals.map(({ start, end }) => ({ start, end })),
  })),
  is_default: schedule.is_default,
});

/** Every IANA zone the browser knows (an older browser: the ones in use). */
function knownZones(...kept: string[]): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...all, ...kept.filter(Boolean)])].sort();
}

/**
 * Business hours (admins): the schedules the service-level clocks run on — a zone, a week of open intervals
 * (two on a day with a lunch break) and the holidays and special days that replace a weekday's hours.
 */
export function BusinessHoursScreen() {
  const { t } = useT();
  const title = t('business-hours.title');
  const { items: schedules, error, status, run } = useListScreen<Schedule[]>({ path: '/business-hours/', title });
  // The schedule being changed; 'new' for a new one; null: no editor open.
  const [editing, setEditing] = useState<Schedule | 'new' | null>(null);

  const makeDefault = (schedule: Schedule) =>
    void run(
      () => api('PATCH', `/business-hours/${schedule.id}`, { is_default: true } satisfies RequestOf<'updateBusinessHours'>),
      t('business-hours.madeDefault', { name: schedule.name }),
    );
  const remove = (schedule: Schedule) => {
    if (!confirm(t('business-hours.confirmDelete', { name: schedule.name }))) return;
    void run(() => api('DELETE', `/business-hours/${schedule.id}`), t('business-hours.deleted', { name: schedule.name })).then((done) => {
      if (done && editing !== 'new' && editing?.id === schedule.id) setEditing(null);
    });
  };

  return (
    <ListScreen
      title={title}
      actions={
        <button type="button" onClick={() => setEditing('new')}>
          {t('business-hours.add')}
        </button>
      }
      intro={<p className="muted">{t('business-hours.intro')}</p>}
      error={error}
      status={status}
    >
      {schedules && schedules.length === 0 && <p>{t('business-hours.none')}</p>}
      {schedules && schedules.length > 0 && (
        <ListTable columns={[t('business-hours.name'), t('business-hours.timeZone'), t('business-hours.defaultColumn')]}>
          {schedules.map((s) => (
            <tr key={s.id}>
              <td translate="no" dir="auto">
                {s.name}
              </td>
              <td translate="no" dir="ltr">
                {s.effective_time_zone}
              </td>
              <td>{s.is_default ? t('business-hours.isDefault') : ''}</td>
              <td className="row-actions">
                <button type="button" className="button-quiet" onClick={() => setEditing(s)}>
                  {t('business-hours.edit')}
                  <span className="visually-hidden" translate="no">
                    {' '}
                    {s.name}
                  </span>
                </button>
                {!s.is_default && (
                  <>
                    <button type="button" className="button-quiet" onClick={() => makeDefault(s)}>
                      {t('business-hours.makeDefault')}
                      <span className="visually-hidden" translate="no">
                        {' '}
                        {s.name}
                      </span>
                    </button>
                    <button type="button" className="button-quiet danger" onClick={() => remove(s)}>
                      {t('business-hours.delete')}
                      <span className="visually-hidden" translate="no">
                        {' '}
                        {s.name}
                      </span>
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {editing && (
        <ScheduleEditor
          key={editing === 'new' ? 'new' : editing.id}
          schedule={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          save={async (draft) => {
            const body = {
              name: draft.name.trim(),
              time_zone: draft.time_zone || null,
              week: draft.week,
              overrides: draft.overrides.map((o) => ({
                date: o.date,
                ...(o.name.trim() && { name: o.name.trim() }),
                intervals: o.intervals,
              })),
              is_default: draft.is_default,
            };
            const saved = await run(
              () =>
                editing === 'new'
                  ? api('POST', '/business-hours/', body satisfies RequestOf<'createBusinessHours'>)
                  : api('PATCH', `/business-hours/${editing.id}`, body satisfies RequestOf<'updateBusinessHours'>),
              t(editing === 'new' ? 'business-hours.added' : 'business-hours.saved', { name: body.name }),
            );
            if (saved) setEditing(null);
          }}
        />
      )}
    </ListScreen>
  );
}

function ScheduleEditor({
  schedule,
  save,
  onCancel,
}: {
  schedule: Schedule | null;
  save: (draft: Draft) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useT();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => (schedule ? draftOf(schedule) : newDraft()));
  const [busy, setBusy] = useState(false);
  const zones = useMemo(() => knownZones(schedule?.time_zone ?? '', getSiteTimeZone()), [schedule]);
  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setDay = (day: number, intervals: Interval[]) => change({ week: draft.week.map((old, i) => (i === day ? intervals : old)) });
  const setOverride = (index: number, patch: Partial<SpecialDay>) =>
    change({ overrides: draft.overrides.map((o, i) => (i === index ? { ...o, ...patch } : o)) });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await save(draft);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card editor" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{schedule ? t('business-hours.editTitle', { name: schedule.name }) : t('business-hours.addTitle')}</h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('business-hours.name')}</label>
        <input
          id={`${id}-name`}
          required
          maxLength={BUSINESS_HOURS_NAME_MAX}
          value={draft.name}
          onChange={(e) => change({ name: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-zone`}>{t('business-hours.timeZone')}</label>
        <select id={`${id}-zone`} value={draft.time_zone} onChange={(e) => change({ time_zone: e.target.value })} dir="ltr">
          <option value="">{t('business-hours.siteTimeZone', { zone: getSiteTimeZone() })}</option>
          {zones.map((name) => (
            <option key={name} value={name} translate="no">
              {name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="hours-week">
        <legend>{t('business-hours.week')}</legend>
        <p className="hint" id={`${id}-midnight`}>
          {t('business-hours.midnightHint')}
        </p>
        {SHOWN_DAYS.map(({ day, key }) => (
          <IntervalsEditor
            key={day}
            label={t(`business-hours.day.${key}`)}
            intervals={draft.week[day] ?? []}
            onChange={(intervals) => setDay(day, intervals)}
            hintId={`${id}-midnight`}
          />
        ))}
      </fieldset>
      <fieldset className="hours-special">
        <legend>{t('business-hours.specialDays')}</legend>
        <p className="hint">{t('business-hours.specialDaysHint')}</p>
        {draft.overrides.length === 0 && <p className="muted">{t('business-hours.noSpecialDays')}</p>}
        {draft.overrides.map((o, index) => {
          const rowId = `${id}-special-${index}`;
          const shown = o.name || o.date || t('business-hours.specialDayNumber', { number: index + 1 });
          return (
            // Keyed by place: the date may be blank or repeated while typed (the fields are controlled).
            <div key={index} className="hours-special-day">
              <div className="field">
                <label htmlFor={`${rowId}-date`}>{t('business-hours.date')}</label>
                <input
                  id={`${rowId}-date`}
                  type="date"
                  required
                  value={o.date}
                  onChange={(e) => setOverride(index, { date: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${rowId}-name`}>{t('business-hours.specialDayName')}</label>
                <input
                  id={`${rowId}-name`}
                  maxLength={BUSINESS_HOURS_NAME_MAX}
                  value={o.name}
                  onChange={(e) => setOverride(index, { name: e.target.value })}
                />
              </div>
              <label className="checkbox-label">
                <input
                  type="checkbox"
                  checked={o.intervals.length === 0}
                  onChange={(e) => setOverride(index, { intervals: e.target.checked ? [] : officeHours() })}
                />{' '}
                {t('business-hours.closedAllDay')}
              </label>
              {o.intervals.length > 0 && (
                <IntervalsEditor
                  label={t('business-hours.specialDayHours', { day: shown })}
                  intervals={o.intervals}
                  onChange={(intervals) => setOverride(index, { intervals })}
                  hintId={`${id}-midnight`}
                  keepOne
                />
              )}
              <button
                type="button"
                className="button-quiet danger"
                onClick={() => change({ overrides: draft.overrides.filter((_, i) => i !== index) })}
              >
                {t('business-hours.removeSpecialDay')}
                <span className="visually-hidden"> {shown}</span>
              </button>
            </div>
          );
        })}
        <button
          type="button"
          className="button-quiet"
          onClick={() => change({ overrides: [...draft.overrides, { date: '', name: '', intervals: [] }] })}
        >
          {t('business-hours.addSpecialDay')}
        </button>
      </fieldset>
      {!schedule?.is_default && (
        <label className="checkbox-label">
          <input type="checkbox" checked={draft.is_default} onChange={(e) => change({ is_default: e.target.checked })} />{' '}
          {t('business-hours.useAsDefault')}
        </label>
      )}
      <div className="form-actions">
        <button type="submit" disabled={busy}>
          {schedule ? t('business-hours.saveChanges') : t('business-hours.addSubmit')}
        </button>
        <button type="button" className="button-quiet" onClick={onCancel}>
          {t('business-hours.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * One day's open intervals: a start and an end time each, added and removed one by one (a lunch break is two
 * intervals); none is a closed day. `keepOne`: a special day with other hours has at least one.
 */
function IntervalsEditor({
  label,
  intervals,
  onChange,
  hintId,
  keepOne = false,
}: {
  label: string;
  intervals: Interval[];
  onChange: (intervals: Interval[]) => void;
  /** The hint that an end of 00:00 is midnight. */
  hintId: string;
  keepOne?: boolean;
}) {
  const { t } = useT();
  const id = useId();
  const set = (index: number, patch: Partial<Interval>) => onChange(intervals.map((v, i) => (i === index ? { ...v, ...patch } : v)));
  const last = intervals[intervals.length - 1];
  // The next interval starts an hour after the last one ends (a lunch break), else at nine.
  const next = (): Interval => {
    if (!last) return { start: '09:00', end: '17:00' };
    const hour = Math.min(23, Number(last.end.slice(0, 2)) + 1);
    return {
      start: `${String(hour).padStart(2, '0')}:00`,
      end: hour < 23 ? `${String(Math.min(23, hour + 4)).padStart(2, '0')}:00` : '23:59',
    };
  };
  return (
    <fieldset className="hours-day">
      <legend>{label}</legend>
      {intervals.length === 0 && <p className="muted">{t('business-hours.closed')}</p>}
      {intervals.map((interval, index) => (
        // Keyed by place: intervals have no id of their own (the fields are controlled).
        <div key={index} className="hours-interval">
          <label htmlFor={`${id}-${index}-start`}>{t('business-hours.from')}</label>
          <input
            id={`${id}-${index}-start`}
            type="time"
            required
            value={interval.start}
            onChange={(e) => set(index, { start: e.target.value })}
          />
          <label htmlFor={`${id}-${index}-end`}>{t('business-hours.to')}</label>
          {/* A time field cannot hold 24:00: the day's end shows and is chosen as 00:00 (midnight), sent as 24:00. */}
          <input
            id={`${id}-${index}-end`}
            type="time"
            required
            value={interval.end === END_OF_DAY ? '00:00' : interval.end}
            aria-describedby={hintId}
            onChange={(e) => set(index, { end: e.target.value === '00:00' ? END_OF_DAY : e.target.value })}
          />
          {!(keepOne && intervals.length === 1) && (
            <button type="button" className="button-quiet" onClick={() => onChange(intervals.filter((_, i) => i !== index))}>
              {t('business-hours.removeInterval')}
              <span className="visually-hidden">
                {' '}
                {t('business-hours.intervalOf', { day: label, start: interval.start, end: interval.end })}
              </span>
            </button>
          )}
        </div>
      ))}
      {intervals.length < BUSINESS_HOURS_INTERVALS_PER_DAY_MAX && (
        <button type="button" className="button-quiet" onClick={() => onChange([...intervals, next()])}>
          {t('business-hours.addInterval')}
          <span className="visually-hidden"> {label}</span>
        </button>
      )}
    </fieldset>
  );
}
