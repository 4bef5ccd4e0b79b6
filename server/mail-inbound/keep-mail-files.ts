import { Readable } from 'node:stream';
import type { Translator } from '../../common/i18n/translator.js';
import type { DomainContext } from '../domain/context.js';
import { AppError, renderProblemText } from '../errors.js';
import { cleanFileName } from '../files/clean-file-name.js';
import { discardUploads } from '../files/discard-uploads.js';
import { type ReceivedUpload, receiveUpload } from '../files/receive-upload.js';
import { uploadRulesFor } from '../files/upload-rules.js';

/** A file attached to an incoming mail, as mailparser decoded it. */
export interface MailFile {
  name: string;
  content: Buffer;
}

/**
 * Stores a mail's files as pending uploads under Tickets → Attachments (the same checks as the widget's:
 * kind by content, sizes, count, the ticket's total), for the comment or ticket to claim in its transaction.
 * A file the rules refuse is left out and named with why, never the whole mail: the words still matter. The why
 * goes into the ticket's text, so it is in `t`'s language (the site's).
 */
export async function keepMailFiles(
  ctx: DomainContext,
  files: readonly MailFile[],
  ticketId: number | undefined,
  t: Translator,
): Promise<{ kept: ReceivedUpload[]; leftOut: string[] }> {
  const kept: ReceivedUpload[] = [];
  const leftOut: string[] = [];
  if (!files.length) return { kept, leftOut };
  const rules = await uploadRulesFor(ctx, { anonymous: false, ticketId });
  let remainingBytes = rules.remainingBytes;
  try {
    for (const file of files) {
      if (kept.length >= rules.maxFiles) {
        leftOut.push(t.t('problems.inbound.too_many_files', { name: cleanFileName(file.name), max: rules.maxFiles }));
        continue;
      }
      try {
        const upload = await receiveUpload(ctx, file.name, Readable.from([file.content]), { ...rules, remainingBytes });
        kept.push(upload);
        remainingBytes -= upload.size;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        leftOut.push(renderProblemText(t, error.detail));
      }
    }
  } catch (error) {
    await discardUploads(ctx, kept);
    throw error;
  }
  return { kept, leftOut };
}
