import { formatSize } from '../../../common/format-size.js';
import type { AttachmentSummary } from '../../files/list-attachments.js';

export { formatSize };

/** The files sent with one message, as links with their sizes (the file route decides inline or download). */
export function AttachmentList({ files, url }: { files: readonly AttachmentSummary[] | undefined; url: (publicId: string) => string }) {
  if (!files?.length) return null;
  return (
    <ul className="attachments" aria-label="Attached files">
      {files.map((file) => (
        <li key={file.publicId}>
          <a href={url(file.publicId)}>{file.name}</a> <span className="hint">({formatSize(file.size)})</span>
        </li>
      ))}
    </ul>
  );
}
