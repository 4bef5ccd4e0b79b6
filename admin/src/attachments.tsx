import { useRef } from 'react';
import { formatSize } from '../../common/format-size.js';
import type { Attachment } from './api.js';

export { formatSize };

/** The files of one message: links (images open in the browser, others download) with their sizes. */
export function AttachmentLinks({ files }: { files: Attachment[] | undefined }) {
  if (!files?.length) return null;
  return (
    <ul className="attachments" aria-label="Attached files">
      {files.map((file) => (
        <li key={file.id}>
          <a href={file.url} target="_blank" rel="noopener">
            {file.name}
          </a>{' '}
          <span className="muted">({formatSize(file.size)})</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The composer's files: a button that opens the picker, and a chip per chosen file with its name, size and
 * a remove button. The server decides what is accepted and says which file it refused.
 */
export function FileChips({ files, onChange, disabled }: { files: File[]; onChange: (files: File[]) => void; disabled?: boolean }) {
  const picker = useRef<HTMLInputElement>(null);
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
          {files.map((file, i) => (
            <li key={`${file.name}-${file.size}-${i}`} className="chip">
              <span>{file.name}</span> <span className="muted">({formatSize(file.size)})</span>{' '}
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                disabled={disabled}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
