import { useT } from '../i18n/i18n.js';
/** One of the side panel's choices (status, assignee, product…): saved as soon as it changes. */
export function SideSelect({
  id,
  label,
  value,
  options,
  onChange,
  emptyLabel,
  required,
}: {
  id: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
  emptyLabel?: string;
  required?: boolean;
}) {
  const { t } = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {!required && <option value="">{emptyLabel ?? t('admin.ticket.none')}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
