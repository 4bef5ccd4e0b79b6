import { formatSize } from '../../../common/format-size.js';
import type { AttachmentSummary } from '../../files/list-attachments.js';

export { formatSize };

/** The note where a purged file was. */
export function removedNote(days: number): string {
  return `file removed ${days} ${days === 1 ? 'day' : 'days'} after the ticket was closed`;
}

/**
 * The files sent with one message: an image as its thumbnail, which opens the full image; any other file
 * as a download link with its size (the file route decides inline or download). A purged file is named
 * with why it is gone.
 */
export function AttachmentList({ files, url }: { files: readonly AttachmentSummary[] | undefined; url: (publicId: string) => string }) {
  if (!files?.length) return null;
  return (
    <ul className="attachments" aria-label="Attached files">
      {files.map((file) => (
        <li key={file.publicId}>
          {file.removedAfterDays !== null ? (
            <span className="attachment-removed">
              {file.name} <span className="hint">({removedNote(file.removedAfterDays)})</span>
            </span>
          ) : file.hasThumbnail ? (
            <a href={url(file.publicId)} className="attachment-image">
              <img
                src={`${url(file.publicId)}/thumbnail`}
                alt={`${file.name} (${formatSize(file.size)}), opens full size`}
                loading="lazy"
              />
            </a>
          ) : (
            <>
              <a href={url(file.publicId)}>{file.name}</a> <span className="hint">({formatSize(file.size)})</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
