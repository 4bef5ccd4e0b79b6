import type { FormEvent } from 'react';
import { useT } from '../i18n/i18n.js';
import { SatisfactionFigure } from '../satisfaction/satisfaction-figure.js';

/** The inbox's title with the satisfaction figure beside it, and the search box. */
export function InboxHead({ search, onSearch }: { search: string; onSearch: (words: string) => void }) {
  const { t } = useT();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('search') ?? '').trim());
  };
  return (
    <div className="page-head">
      <div className="page-title">
        <h1>{t('admin.nav.inbox')}</h1>
        <SatisfactionFigure />
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for every browser agents use; the role says the same */}
      <form role="search" className="search" onSubmit={submit} key={search}>
        <label htmlFor="inbox-search" className="visually-hidden">
          {t('admin.inbox.searchLabel')}
        </label>
        <input id="inbox-search" name="search" type="search" placeholder={t('admin.inbox.searchPlaceholder')} defaultValue={search} />
        <button type="submit">{t('admin.inbox.search')}</button>
      </form>
    </div>
  );
}
