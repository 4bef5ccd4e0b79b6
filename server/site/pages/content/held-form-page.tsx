import { Layout, type LayoutProps } from '../../shared/layout.js';

/** A value of a held form: shown for editing when it has a label, carried along hidden otherwise. */
export interface HeldField {
  name: string;
  value: string;
  label?: string;
  multiline?: boolean;
  /** The input's limit; the page's default fits the longest text any help-site form takes. */
  maxLength?: number;
}

export interface HeldFormPageProps extends Omit<LayoutProps, 'children'> {
  message: string;
  action: string;
  csrf: string;
  fields: HeldField[];
}

/**
 * A refused form post (too long, too many, or not taking tickets now) answered with its own form again: the
 * reason in plain words and everything the person typed, ready to send again later, so nothing is lost.
 */
export function HeldFormPage({ title, message, action, csrf, fields, ...layout }: HeldFormPageProps) {
  return (
    <Layout {...layout} title={title}>
      <h1>{title}</h1>
      <p role="alert" className="error-box">
        {message}
      </p>
      <form method="post" action={action} className="panel">
        <input type="hidden" name="_csrf" value={csrf} />
        {fields.map((field, i) => {
          if (field.label === undefined) return <input key={field.name} type="hidden" name={field.name} value={field.value} />;
          const id = `held-${i}`;
          return (
            <p className="field" key={field.name}>
              <label htmlFor={id}>{field.label}</label>
              {field.multiline ? (
                <textarea id={id} name={field.name} defaultValue={field.value} maxLength={field.maxLength ?? 50000} />
              ) : (
                <input id={id} name={field.name} defaultValue={field.value} maxLength={field.maxLength ?? 1000} />
              )}
            </p>
          );
        })}
        <button type="submit">{layout.t.t('site.held.send')}</button>
      </form>
    </Layout>
  );
}
