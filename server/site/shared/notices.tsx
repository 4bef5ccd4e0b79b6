/** Messages shown after a form post; the address carries only the code, never text to reflect. */
export const NOTICES: Record<string, { text: string; isError?: boolean }> = {
  link_sent: { text: 'If an account exists for that address, a sign-in link is on its way. Check your mail.' },
  check_mail: { text: 'Check your mail: we sent a link to that address. Open it to finish; it works once, for 24 hours.' },
  reset_sent: { text: 'If an account exists for that address, a link to choose a new password is on its way. Check your mail.' },
  fresh_link_sent: { text: 'A fresh link is on its way. Check your mail.' },
  rate_limited: { text: 'Too many links were asked for this address. Wait an hour and try again.', isError: true },
  bad_login: { text: 'The email or the password is wrong.', isError: true },
  account_disabled: {
    text: 'This account has been disabled. If you think this is a mistake, ask the help desk’s administrator to enable it again.',
    isError: true,
  },
  login_throttled: { text: 'Too many attempts. Wait a few minutes and try again.', isError: true },
  login_slowed: { text: 'Too many attempts. Wait a few seconds and try again.', isError: true },
  registration_closed: { text: 'This help desk does not take new accounts. Ask the site owner to create one for you.', isError: true },
  account_exists: { text: 'An account with this email exists already. Sign in instead.', isError: true },
  weak_password: { text: 'Choose a password of at least 10 characters.', isError: true },
  invalid_form: { text: 'Fill in the required fields.', isError: true },
  invalid_email: {
    text: 'Email: enter one plain address like name@example.com (no name, quotes, spaces or second address; ASCII letters only).',
    isError: true,
  },
  name_too_long: { text: 'Your name: use at most 200 characters.', isError: true },
  invalid_text: { text: 'Write each one-line field on one line, without tabs or other control characters.', isError: true },
  reply_sent: { text: 'Your reply was sent.' },
  ticket_solved: { text: 'Thank you! The ticket is marked solved. Reply any time if you need more help.' },
  reply_empty: { text: 'Write a reply before sending it.', isError: true },
  ticket_created: { text: 'Your ticket was filed. We will answer soon.' },
  signed_out: { text: 'You are signed out.' },
  sign_in_first: { text: 'Sign in to see your tickets.' },
};

export function Notice({ code }: { code: string | null }) {
  const notice = code ? NOTICES[code] : undefined;
  if (!notice) return null;
  return notice.isError ? (
    <p role="alert" className="error-box">
      {notice.text}
    </p>
  ) : (
    <p role="status" className="notice">
      {notice.text}
    </p>
  );
}
