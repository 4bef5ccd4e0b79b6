import { formatSize } from '../../../common/format-size.js';
import type { Translator } from '../../../common/i18n/translator.js';
import type { AttachmentSummary } from '../../files/list-attachments.js';
import { english } from '../../i18n/translators.js';
import { useSiteT } from './site-translator.js';

export { formatSize };

/** The note where a purged file was, in the reader's language (English for the API's `removed`). */
export function removedNote(days: number, t: Translator = english): string {
  return t.t('site.files.removed', { days });
}

/**
 * A size in the reader's language: English keeps the wording the mails and the admin app share ("2 MB"), other
 * languages take Intl's units ("2 Mo", "2 ميغابايت").
 */
export function fileSize(t: Translator, bytes: number): string {
  if (t.language === 'en' || t.language === 'en-XA') return formatSize(bytes);
  const [value, unit] =
    bytes < 1024 ? [bytes, 'byte'] : bytes < 1024 * 1024 ? [Math.round(bytes / 1024), 'kilobyte'] : [bytes / 1024 / 1024, 'megabyte'];
  return t.number(value, { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short', maximumFractionDigits: 1 });
}

/**
 * The files sent with one message: an image as its thumbnail, which opens the full image; any other file
 * as a download link with its size (the file route decides inline or download). A purged file is named
 * with why it is gone.
 */
export function AttachmentList({ files, url }: { files: readonly AttachmentSummary[] | undefined; url: (publicId: string) => string }) {
  const t = useSiteT();
  if (!files?.length) return null;
  return (
    <ul className="attachments" aria-label={t.t('site.files.label')}>
      {files.map((file) => (
        <li key={file.publicId}>
          {file.removedAfterDays !== null ? (
            <span className="attachment-removed">
              <bdi>{file.name}</bdi> <span className="hint">({removedNote(file.removedAfterDays, t)})</span>
            </span>
          ) : file.hasThumbnail ? (
            <a href={url(file.publicId)} className="attachment-image">
              <img
                src={`${url(file.publicId)}/thumbnail`}
                alt={t.t('site.files.imageAlt', { name: file.name, size: fileSize(t, file.size) })}
                loading="lazy"
              />
            </a>
          ) : (
            <>
              <a href={url(file.publicId)}>
                <bdi>{file.name}</bdi>
              </a>{' '}
              <span className="hint">{t.t('site.files.sizeOf', { size: fileSize(t, file.size) })}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
