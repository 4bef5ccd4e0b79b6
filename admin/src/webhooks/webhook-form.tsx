import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useT } from '../i18n/i18n.js';
import { type Destination, EVENTS, eventKey, SLACK_EVENTS, type Webhook, type WebhookBody, type WebhookEvent } from './webhook-types.js';

/** The fields a problem names, by the form's field: `url`, `description`, `events` (`events.1` is the events'). */
type FieldErrors = Partial<Record<'url' | 'description' | 'events', string>>;

function fieldErrorsOf(error: ApiError): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of error.problem.errors ?? []) {
    const field = f.field.replace(/^#?\//, '').split(/[./]/)[0];
    if (field === 'url' || field === 'description' || field === 'events') errors[field] ??= f.detail;
  }
  return errors;
}

/**
 * Adds or edits a webhook: where it sends (any system, or Slack, which is offered its two events only), the address,
 * a description, the events and the switch. The server's field errors show under their fields.
 */
export function WebhookForm({
  webhook,
  onSave,
  onCancel,
}: {
  webhook: Webhook | null;
  onSave: (body: WebhookBody) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useT();
  const [destination, setDestination] = useState<Destination>(webhook?.destination ?? 'standard');
  const [events, setEvents] = useState<WebhookEvent[]>(webhook?.events ?? ['ticket.created']);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const offered = destination === 'slack' ? SLACK_EVENTS : EVENTS;
  const prefix = webhook ? `webhook-${webhook.id}` : 'webhook-new';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const chosen = events.filter((e) => offered.includes(e));
    if (chosen.length === 0) return setErrors({ events: t('webhooks.form.no_events') });
    setErrors({});
    setError('');
    try {
      await onSave({
        destination,
        url: String(data.get('url')).trim(),
        description: String(data.get('description')).trim(),
        events: chosen,
        enabled: data.get('enabled') !== null,
      });
    } catch (e) {
      const fields = e instanceof ApiError ? fieldErrorsOf(e) : {};
      setErrors(fields);
      setError(Object.keys(fields).length > 0 ? t('webhooks.form.fix') : problemText(e));
    }
  };
  const described = (field: keyof FieldErrors, hint?: string) =>
    [hint, errors[field] ? `${prefix}-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: keyof FieldErrors) =>
    errors[field] && (
      <p className="field-error" id={`${prefix}-${field}-error`}>
        {errors[field]}
      </p>
    );

  return (
    <form className="card editor" onSubmit={submit} aria-labelledby={`${prefix}-title`} noValidate>
      <h2 id={`${prefix}-title`}>{webhook ? t('webhooks.form.edit_title') : t('webhooks.form.add_title')}</h2>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <fieldset className="checkbox-group">
        <legend>{t('webhooks.form.destination')}</legend>
        {(['standard', 'slack'] as const).map((d) => (
          <label key={d} className="checkbox-label">
            <input type="radio" name="destination" checked={destination === d} onChange={() => setDestination(d)} />{' '}
            {t(d === 'slack' ? 'webhooks.form.slack' : 'webhooks.form.standard')}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${prefix}-url`}>{t('webhooks.form.url')}</label>
        <input
          id={`${prefix}-url`}
          name="url"
          type="url"
          dir="ltr"
          required
          maxLength={2000}
          defaultValue={webhook?.url ?? ''}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={described('url', `${prefix}-url-hint`)}
        />
        <p id={`${prefix}-url-hint`} className="hint">
          {t(destination === 'slack' ? 'webhooks.form.url_hint_slack' : 'webhooks.form.url_hint')}
        </p>
        {fieldError('url')}
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-description`}>{t('webhooks.form.description')}</label>
        <input
          id={`${prefix}-description`}
          name="description"
          maxLength={500}
          defaultValue={webhook?.description ?? ''}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={described('description')}
        />
        {fieldError('description')}
      </div>
      <fieldset
        className="checkbox-group"
        aria-describedby={described('events', destination === 'slack' ? `${prefix}-events-hint` : undefined)}
      >
        <legend>{t('webhooks.form.events')}</legend>
        {destination === 'slack' && (
          <p id={`${prefix}-events-hint`} className="hint">
            {t('webhooks.form.slack_events')}
          </p>
        )}
        {offered.map((e) => (
          <label key={e} className="checkbox-label">
            <input
              type="checkbox"
              checked={events.includes(e)}
              onChange={(change) => setEvents(change.target.checked ? [...events, e] : events.filter((x) => x !== e))}
            />{' '}
            {t(eventKey(e))} <code dir="ltr">{e}</code>
          </label>
        ))}
        {fieldError('events')}
      </fieldset>
      <label className="checkbox-label">
        <input type="checkbox" name="enabled" defaultChecked={webhook?.enabled ?? true} /> {t('webhooks.form.enabled')}
      </label>
      <div className="form-actions">
        <button type="submit">{webhook ? t('webhooks.form.save') : t('webhooks.form.create')}</button>
        <button type="button" className="button-quiet" onClick={onCancel}>
          {t('webhooks.form.cancel')}
        </button>
      </div>
    </form>
  );
}
