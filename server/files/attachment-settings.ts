import type { SettingsSection } from '../settings/schema-types.js';

const allow = (label: string, desc: string) => ({ type: 'checkbox' as const, label, default: true, desc });

/** Tickets → Attachments: who may send files, how large, how many, and which kinds. */
export function attachmentsSection() {
  return {
    label: 'Attachments',
    desc:
      'Files sent with tickets and replies. A file’s kind is decided from its content, never from its name. ' +
      'Sizes are in megabytes (1 MB = 1,048,576 bytes).',
    fields: {
      attachments_anonymous: {
        type: 'checkbox',
        label: 'Visitors who are not signed in may attach files',
        default: true,
        desc: 'Turn off to accept files only from signed-in clients and staff (the widget then sends tickets without files).',
      },
      attachment_max_file_mb: { type: 'number', label: 'Size per file (MB)', default: 10, min: 1, max: 1024, desc: '' },
      attachment_max_files: { type: 'number', label: 'Files per message', default: 5, min: 1, max: 50, desc: '' },
      attachment_max_ticket_mb: {
        type: 'number',
        label: 'Files per ticket in all (MB)',
        default: 50,
        min: 1,
        max: 100_000,
        desc: 'The description’s files and every reply’s together.',
      },
      attachment_ip_mb_hour: {
        type: 'number',
        label: 'Files from one IP address per hour (MB)',
        default: 200,
        min: 1,
        max: 1_000_000,
        desc: 'Counted with the other intake limits, for visitors and signed-in clients; staff are never limited.',
      },
      attachment_types_images: allow('Images', 'PNG, JPEG, GIF, WebP, BMP, TIFF, HEIC, AVIF (not SVG: it can carry scripts).'),
      attachment_types_pdf: allow('PDF', ''),
      attachment_types_text: allow('Plain text and CSV', 'UTF-8 text without NUL bytes; served as plain text, never as a page.'),
      attachment_types_office: allow('Office documents', 'Word, Excel, PowerPoint (old and new), OpenDocument, RTF.'),
      attachment_types_zip: allow('Zip archives', ''),
      attachment_mail_attach_mb: {
        type: 'number',
        label: 'Attach files to mail up to (MB in all)',
        default: 5,
        min: 0,
        max: 50,
        desc:
          'A message’s files go with its mail when together they are at most this size; otherwise the mail carries a ' +
          'link to each. 0: always links. Many mail servers refuse mail over 10 MB, and attaching makes files a third larger.',
      },
      attachment_mail_link_days: {
        type: 'number',
        label: 'Links to files in mail work for (days)',
        default: 7,
        min: 1,
        max: 90,
        desc: 'Anyone holding the mail can open such a link without signing in, until then. The ticket always has the file.',
      },
      attachment_purge_closed_days: {
        type: 'number',
        label: 'Delete files of tickets closed for (days)',
        default: 0,
        min: 0,
        max: 36_500,
        desc:
          'Files of tickets that have been Closed, with no change, for longer than this are deleted; the thread says a file ' +
          'was removed. 0: keep files for as long as their ticket.',
      },
    },
  } satisfies SettingsSection;
}
