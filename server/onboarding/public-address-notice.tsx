import type { Translator } from '../../common/i18n/translator.js';
import type { PublicAddressWarning } from './public-address.js';

/** The setup's and the embed page's warning about the public address, with the variable that sets it. */
export function PublicAddressNotice({ warning, t }: { warning: PublicAddressWarning; t: Translator }) {
  if (!warning) return null;
  const text =
    warning.kind === 'local'
      ? t.t('site.publicAddress.local', { url: warning.url, name: 'HELPDESK_HOME_URL' })
      : t.t('site.publicAddress.differs', { url: warning.url, browser: warning.browser, name: 'HELPDESK_HOME_URL' });
  return (
    <p className="notice warning" id="public-address-warning">
      {text}
    </p>
  );
}
