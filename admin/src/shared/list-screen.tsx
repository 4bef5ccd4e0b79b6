import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n.js';

/**
 * The frame of a list screen: its heading (with the screen's own buttons), what comes before the messages,
 * the error line and the spoken status of the last change, then the list and its form.
 */
export function ListScreen({
  title,
  actions,
  intro,
  error,
  status,
  children,
}: {
  title: string;
  actions?: ReactNode;
  intro?: ReactNode;
  error: string;
  /** undefined: the screen says nothing after a change (no status line at all). */
  status?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <div className="page-head">
        <h1>{title}</h1>
        {actions}
      </div>
      {intro}
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {status !== undefined && (
        <p role="status" className="visually-hidden">
          {status}
        </p>
      )}
      {children}
    </div>
  );
}

/** A list screen's table: the column headings, then a last column of row buttons whose heading only readers hear. */
export function ListTable({ columns, children }: { columns: ReactNode[]; children: ReactNode }) {
  const { t } = useT();
  return (
    <table className="tickets">
      <thead>
        <tr>
          {columns.map((column, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a screen
            <th key={index} scope="col">
              {column}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">{t('admin.list.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
