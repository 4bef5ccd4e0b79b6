import type { AttachmentSummary } from '../../files/list-attachments.js';

/** A size as people read it: bytes, KB or MB (of 1,024). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

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
