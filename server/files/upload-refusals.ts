import { AppError, fieldError } from '../errors.js';

// Every refusal names the file (its cleaned name) and says what would be accepted, under `attachments`.
const refusal = (code: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'VALIDATION_FAILED' | 'FORBIDDEN', detail: string) =>
  new AppError(code, detail, [fieldError('attachments', detail)]);

const mb = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

export function fileTooLarge(name: string, maxBytes: number): AppError {
  return refusal('PAYLOAD_TOO_LARGE', `“${name}” is larger than ${mb(maxBytes)}, the most one file may be. Send a smaller file.`);
}

export function ticketFilesFull(name: string, maxBytes: number): AppError {
  return refusal('PAYLOAD_TOO_LARGE', `“${name}” would take this ticket’s files past ${mb(maxBytes)} in all. Send fewer or smaller files.`);
}

export function tooManyFiles(name: string, max: number): AppError {
  return refusal('PAYLOAD_TOO_LARGE', `“${name}” is one file too many: a message may carry at most ${max}. Send the rest in a reply.`);
}

export function fileKindRefused(name: string, allowedWords: string): AppError {
  return refusal('UNSUPPORTED_MEDIA_TYPE', `“${name}” is a kind of file that cannot be attached here. Allowed: ${allowedWords}.`);
}

export function emptyFile(name: string): AppError {
  return refusal('VALIDATION_FAILED', `“${name}” is empty (0 bytes). Choose the file again, or leave it out.`);
}

export function filesNeedSignIn(name: string): AppError {
  return refusal('FORBIDDEN', `“${name}” was not accepted: files can be attached only when signed in. Send the ticket without it.`);
}

export function unexpectedFilePart(part: string): AppError {
  return new AppError('VALIDATION_FAILED', `${part}: send files in parts named "attachments".`, [
    fieldError(part, 'send files in parts named "attachments"'),
  ]);
}
