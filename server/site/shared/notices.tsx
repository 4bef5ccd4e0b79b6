import type { MessageKey } from '../../../common/i18n/message-keys.js';
import { useSiteT } from './site-translator.js';

/** Messages shown after a form post; the address carries only the code, never text to reflect. */
export const NOTICES: Record<string, { text: MessageKey; isError?: boolean }> = {
  link_sent: { text: 'site.notice.link_sent' },
  check_mail: { text: 'site.notice.check_mail' },
  reset_sent: { text: 'site.notice.reset_sent' },
  fresh_link_sent: { text: 'site.notice.fresh_link_sent' },
  rate_limited: { text: 'site.notice.rate_limited', isError: true },
  bad_login: { text: 'site.notice.bad_login', isError: true },
  account_disabled: { text: 'site.notice.account_disabled', isError: true },
  login_throttled: { text: 'site.notice.login_throttled', isError: true },
  login_slowed: { text: 'site.notice.login_slowed', isError: true },
  registration_closed: { text: 'site.notice.registration_closed', isError: true },
  account_exists: { text: 'site.notice.account_exists', isError: true },
  weak_password: { text: 'site.notice.weak_password', isError: true },
  invalid_form: { text: 'site.notice.invalid_form', isError: true },
  invalid_email: { text: 'site.notice.invalid_email', isError: true },
  name_too_long: { text: 'site.notice.name_too_long', isError: true },
  invalid_text: { text: 'site.notice.invalid_text', isError: true },
  reply_sent: { text: 'site.notice.reply_sent' },
  ticket_solved: { text: 'site.notice.ticket_solved' },
  colleague_added: { text: 'site.notice.colleague_added' },
  colleague_already: { text: 'site.notice.colleague_already' },
  colleague_removed: { text: 'site.notice.colleague_removed' },
  reply_empty: { text: 'site.notice.reply_empty', isError: true },
  ticket_created: { text: 'site.notice.ticket_created' },
  signed_out: { text: 'site.notice.signed_out' },
  sign_in_first: { text: 'site.notice.sign_in_first' },
  sign_in_for_export: { text: 'site.notice.sign_in_for_export' },
  export_sent: { text: 'site.notice.export_sent' },
  export_limited: { text: 'site.notice.export_limited', isError: true },
};

export function Notice({ code }: { code: string | null }) {
  const { t } = useSiteT();
  const notice = code ? NOTICES[code] : undefined;
  if (!notice) return null;
  return notice.isError ? (
    <p role="alert" className="error-box">
      {t(notice.text)}
    </p>
  ) : (
    <p role="status" className="notice">
      {t(notice.text)}
    </p>
  );
}
