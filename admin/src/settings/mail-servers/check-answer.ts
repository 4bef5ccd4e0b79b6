import type { Translator } from '../../../../common/i18n/translator.js';
import type { ResponseOf } from '../../api/api.js';

type TestAnswer = ResponseOf<'testSmtpServer'>;
type CheckAnswer = ResponseOf<'checkSupportMailbox'>;
type Failure = Extract<TestAnswer, { ok: false }>;

/** A failed check in plain words: what failed, what to look at, and the server's own words after. */
export function failureText(t: Translator['t'], answer: Failure): string {
  const what = t(`settings.mail.failure.${answer.failure}`);
  return answer.server_said ? `${what} ${t('settings.mail.server_said', { said: answer.server_said })}` : what;
}

/** "Send a test mail"'s answer in words. */
export function testAnswerText(t: Translator['t'], answer: TestAnswer): string {
  return answer.ok ? t('settings.mail.test_sent', { address: answer.sent_to }) : failureText(t, answer);
}

/** "Check the mailbox"'s answer in words. */
export function checkAnswerText(t: Translator['t'], answer: CheckAnswer): string {
  return answer.ok ? t('settings.mail.mailbox_ok', { folder: answer.folder, count: answer.messages }) : failureText(t, answer);
}
