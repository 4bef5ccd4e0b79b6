/** Every user-facing sentence, in one place for whoever serves an edited copy. */
export const T = {
  launcher: 'Need Help?',
  title: 'Contact support',
  intro: 'Tell us what you need and we will reply by email.',
  introFrom: (site: string): string => `Tell ${site} what you need and we will reply by email.`,
  close: 'Close',
  optional: ' (optional)',
  noChoice: '—',
  send: 'Send ticket',
  sending: 'Sending…',
  retry: 'Try again',
  another: 'File another',
  fixFields: 'Please correct the marked fields.',
  badEmail: 'Enter an email address like name@example.com.',
  unreachable: "We couldn't reach the help desk. Check your connection and try again.",
  closed:
    'This help desk only accepts tickets from people who already have an account. ' +
    'Please use the email address of your existing account, or contact the site owner.',
  rejected: 'The help desk could not accept this ticket.',
  limited: (seconds: number | undefined): string => {
    const minutes = seconds === undefined ? 0 : Math.max(1, Math.ceil(seconds / 60));
    const wait = minutes === 0 ? 'a little while' : minutes === 1 ? '1 minute' : `${minutes} minutes`;
    return `Too many requests — please try again in ${wait}.`;
  },
  filed: (number: number, email: string): string =>
    `Thanks! Your ticket #${number} was filed. A confirmation email is on its way to ${email}.`,
  received: (email: string): string => `Thanks! Your request was received. An email about it is on its way to ${email}.`,
};
