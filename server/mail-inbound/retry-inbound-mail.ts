import { message } from '../../common/i18n/translator.js';
import { AppError } from '../errors.js';
import { type ReceiveDeps, receiveMail } from './receive-mail.js';
import type { ReceiveResult } from './receive-result.js';

/**
 * Imports a refused mail again (after the admin fixed the cause: opened account creation, added the
 * sender as staff…). Its failed-list row is taken out first, so two retries at once import it once;
 * a temporary failure puts the row back. A mail refused again is listed again with the new reason.
 */
export async function retryInboundMail(deps: ReceiveDeps, id: number): Promise<ReceiveResult> {
  const { db } = deps.ctx;
  const row = await db.selectFrom('inbound_mails').selectAll().where('id', '=', id).where('outcome', '=', 'rejected').executeTakeFirst();
  if (!row?.raw) throw new AppError('NOT_FOUND', message('problems.mail.no_failed_mail'));
  const taken = await db.deleteFrom('inbound_mails').where('id', '=', id).where('outcome', '=', 'rejected').executeTakeFirst();
  if (Number(taken.numDeletedRows) !== 1) throw new AppError('NOT_FOUND', message('problems.mail.no_failed_mail'));
  const result = await receiveMail(deps, row.raw, 'retry');
  if (result.kind === 'temporary') {
    const { id: _id, ...rest } = row;
    await db.insertInto('inbound_mails').values(rest).execute();
  }
  return result;
}
