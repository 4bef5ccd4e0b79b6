import { useRef, useState } from 'react';
import { formatSize } from '../../../common/format-size.js';
import type { Attachment } from '../api/api.js';

export { formatSize };

/**
 * The files of one message: an image as its thumbnail, which opens the full image (or as a link, when the
 * thumbnail cannot be made); other files as download links with their sizes; a purged file with why it went.
 */
export function AttachmentLinks({ files }: { files: Attachment[] | undefined }) {
  if (!files?.length) return null;
  return (
    <ul className="attachments" aria-label="Attached files">
      {files.map((file) => (
        <li key={file.id}>
          <AttachmentItem file={file} />
        </li>
      ))}
    </ul>
  );
}

function AttachmentItem({ file }: { file: Attachment }) {
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  if (file.removed) {
    return (
      <span className="attachment-removed">
        {file.name} <span className="muted">({file.removed})</span>
      </span>
    );
  }
  if (file.thumbnail_url && !thumbnailFailed) {
    return (
      <a href={file.url} target="_blank" rel="noopener" className="attachment-image">
        <img
          src={file.thumbnail_url}
          alt={`${file.name} (${formatSize(file.size)}), opens full size`}
          loading="lazy"
          onError={() => setThumbnailFailed(true)}
        />
      </a>
    );
  }
  return (
    <>
      <a href={file.url} target="_blank" rel="noopener">
        {file.name}
      </a>{' '}
      <span className="muted">({formatSize(file.size)})</span>
    </>
  );
}

/**
 * The composer's files: a button that opens the picker, and a chip per chosen file with its name, size and
 * a remove button. The server decides what is accepted and says which file it refused (`refused`, shown on
 * that file's chip); `progress` (0…1) shows the upload's bar while the message is being sent.
 */
export function FileChips({
  files,
  onChange,
  disabled,
  progress,
  refused,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
  progress?: number;
  refused?: { file: File; detail: string };
}) {
  const picker = useRef<HTMLInputElement>(null);
  const percent = progress === undefined ? undefined : Math.round(progress * 100);
  return (
    <div className="file-chips">
      <input
        ref={picker}
        id="composer-files"
        type="file"
        multiple
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          onChange([...files, ...Array.from(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <button type="button" className="button-secondary" onClick={() => picker.current?.click()} disabled={disabled}>
        Attach files
      </button>
      {files.length > 0 && (
        <ul aria-label="Files to send">
          {files.map((file, i) => {
            const problem = refused?.file === file ? refused.detail : undefined;
            const errorId = `composer-file-error-${i}`;
            return (
              <li key={`${file.name}-${file.size}-${i}`} className={problem ? 'chip chip-refused' : 'chip'}>
                <span>{file.name}</span> <span className="muted">({formatSize(file.size)})</span>{' '}
                <button
                  type="button"
                  className="chip-remove"
                  aria-label={`Remove ${file.name}`}
                  aria-describedby={problem ? errorId : undefined}
                  onClick={() => onChange(files.filter((_, j) => j !== i))}
                  disabled={disabled}
                >
                  ×
                </button>
                {problem && (
                  <span id={errorId} className="chip-error">
                    {problem}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {percent !== undefined && (
        <p className="upload-progress">
          <progress max={100} value={percent} aria-label="Uploading files" />{' '}
          <span className="muted" aria-hidden="true">
            {percent}%
          </span>
        </p>
      )}
    </div>
  );
}
