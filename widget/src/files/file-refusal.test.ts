import { describe, expect, it } from 'vitest';
import { classify } from '../api.js';
import { readFileRefusal } from './file-refusal.js';

const read = (status: number, data: unknown) => readFileRefusal(classify(status, data, null), data);
// What the help desk answers for a .png with a program's bytes, asked in German (Accept-Language: de).
const KIND_DE = {
  type: 'about:blank',
  status: 415,
  code: 'UNSUPPORTED_MEDIA_TYPE',
  detail: '„cat.png“ ist eine Dateiart, die hier nicht angehängt werden kann.',
  errors: [
    { field: 'attachments', pointer: '#/attachments', detail: '„cat.png“ ist eine Dateiart, die hier nicht angehängt werden kann.' },
  ],
  attachment: { index: 1, name: 'cat.png' },
};

describe('readFileRefusal: a refused file on its chip and in the form’s alert', () => {
  it('puts the refusal naming the file on that file and in the form’s alert, in the language the server answered in', () => {
    expect(read(415, KIND_DE)).toEqual({
      result: { kind: 'rejected', detail: KIND_DE.detail },
      refusal: { index: 1, detail: KIND_DE.detail },
    });
    const tooLarge = {
      ...KIND_DE,
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      detail: '“big.pdf” is larger than 10 MB.',
      attachment: { index: 0, name: 'big.pdf' },
    };
    expect(read(413, tooLarge).result).toEqual({ kind: 'rejected', detail: '“big.pdf” is larger than 10 MB.' });
    expect(read(403, { ...KIND_DE, status: 403, code: 'FORBIDDEN' }).refusal?.index).toBe(1);
  });

  it('marks the file but keeps another answer’s own words: a 400 with its field errors, a 429 with its wait', () => {
    const invalid = read(400, { ...KIND_DE, status: 400, code: 'VALIDATION_FAILED' });
    expect(invalid.result.kind).toBe('invalid');
    expect(invalid.refusal).toEqual({ index: 1, detail: KIND_DE.detail });
    expect(read(429, { ...KIND_DE, status: 429 }).result.kind).toBe('limited');
  });

  it('leaves a refusal of no file, or an answer without a detail, to the widget’s own words', () => {
    expect(read(403, { code: 'FORBIDDEN', detail: 'Nope.' })).toEqual({ result: { kind: 'rejected' } });
    expect(read(415, { attachment: { index: 0 } })).toEqual({ result: { kind: 'rejected' } });
    expect(read(415, { attachment: { index: '0' }, detail: 'x' })).toEqual({ result: { kind: 'rejected' } });
    expect(read(415, undefined)).toEqual({ result: { kind: 'rejected' } });
    expect(read(201, { id: 3, number: 2, attachment: { index: 0 }, detail: 'x' })).toEqual({ result: { kind: 'filed', number: 2 } });
  });
});
