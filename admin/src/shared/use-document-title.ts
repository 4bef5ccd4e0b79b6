import { useEffect } from 'react';
import { translator } from '../i18n/i18n.js';

/** The tab's title while a screen is shown: "<screen> · Helpdesk admin", in the reader's language. */
export function useDocumentTitle(screen: string): void {
  useEffect(() => {
    document.title = translator().t('admin.screen.pageTitle', { screen });
  }, [screen]);
}
