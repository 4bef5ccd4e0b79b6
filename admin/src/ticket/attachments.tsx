import { useRef, useState } from 'react';
import { formatSize } from '../../../common/format-size.js';
import type { Attachment } from '../api/api.js';
import { useT } from '../i18n/i18n.js';

export { formatSize };

/**
 * The files of one message: an image as its thumbnail, which opens the full image (or as a link, when the
 * thumbnail cannot be made); other files as download links with their sizes; a purged file with why it went.
 */
export function AttachmentLinks({ files }: { files: Attachment[] | undefined }) {
  const { t } = useT();
  if (!files?.length) return null;
  return (
    <ul className="attachments" aria-label={t('admin.files.attached')}>
      {files.map((file) => (
        <li key={file.id}>
          <AttachmentItem file={file} />
        </li>
      ))}
    </ul>
  );
}

function AttachmentItem({ file }: { file: Attachment }) {
  const { t } = useT();
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  if (file.removed) {
    return (
      <span className="attachment-removed">
        <bdi>{file.name}</bdi> <span className="muted">({file.removed})</span>
      </span>
    );
  }
  if (file.thumbnail_url && !thumbnailFailed) {
    return (
      <a href={file.url} target="_blank" rel="noopener" className="attachment-image">
        <img
          src={file.thumbnail_url}
          alt={t('admin.files.thumbnail', { name: file.name, size: formatSize(file.size) })}
          loading="lazy"
          onError={() => setThumbnailFailed(true)}
        />
      </a>
    );
  }
  return (
    <>
      <a href={file.url} target="_blank" rel="noopener" dir="auto">
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
  const { t } = useT();
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
        {t('admin.files.attach')}
      </button>
      {files.length > 0 && (
        <ul aria-label={t('admin.files.toSend')}>
          {files.map((file, i) => {
            const problem = refused?.file === file ? refused.detail : undefined;
            const errorId = `composer-file-error-${i}`;
            return (
              <li key={`${file.name}-${file.size}-${i}`} className={problem ? 'chip chip-refused' : 'chip'}>
                <bdi>{file.name}</bdi> <span className="muted">({formatSize(file.size)})</span>{' '}
                <button
                  type="button"
                  className="chip-remove"
                  aria-label={t('admin.files.remove', { name: file.name })}
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
          <progress max={100} value={percent} aria-label={t('admin.files.uploading')} />{' '}
          <span className="muted" aria-hidden="true">
            {t('admin.files.percent', { share: percent / 100 })}
          </span>
        </p>
      )}
    </div>
  );
}
