import type { Translator } from '../../common/i18n/translator.js';
import { type Message, message } from '../../common/i18n/translator.js';
import { AppError, fieldError, invalidField, type ProblemText } from '../errors.js';

// Every refusal names the file (its cleaned name) and says what would be accepted, under `attachments`.
const refusal = (code: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'VALIDATION_FAILED' | 'FORBIDDEN', detail: ProblemText) =>
  new AppError(code, detail, [fieldError('attachments', detail)]);

const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;

export function fileTooLarge(name: string, maxBytes: number): AppError {
  return refusal('PAYLOAD_TOO_LARGE', message('problems.upload.too_large', { name, mb: mb(maxBytes) }));
}

export function ticketFilesFull(name: string, maxBytes: number): AppError {
  return refusal('PAYLOAD_TOO_LARGE', message('problems.upload.ticket_full', { name, mb: mb(maxBytes) }));
}

export function tooManyFiles(name: string, max: number): AppError {
  return refusal('PAYLOAD_TOO_LARGE', message('problems.upload.too_many', { name, max }));
}

/** `allowed` names the accepted kinds of file, in the reader's language. */
export function fileKindRefused(name: string, allowed: (t: Translator) => string): AppError {
  return refusal('UNSUPPORTED_MEDIA_TYPE', (t) => t.t('problems.upload.kind', { name, allowed: allowed(t) }));
}

export function emptyFile(name: string): AppError {
  return refusal('VALIDATION_FAILED', message('problems.upload.empty', { name }));
}

export function filesNeedSignIn(name: string): AppError {
  return refusal('FORBIDDEN', message('problems.upload.sign_in', { name }));
}

export function unexpectedFilePart(part: string): AppError {
  return invalidField(part, message('problems.upload.part'));
}
