import type { Translator } from '../../common/i18n/translator.js';
/** The groups of Tickets → Attachments, each a checkbox, and the media types (decided from content) in each. */
export const FILE_KINDS = {
  attachment_types_images: {
    types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/tiff', 'image/heic', 'image/avif'],
  },
  attachment_types_pdf: { types: ['application/pdf'] },
  attachment_types_text: { types: ['text/plain', 'text/csv'] },
  attachment_types_office: {
    types: [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      // Word, Excel and PowerPoint before 2007 (one container format for all three).
      'application/x-cfb',
      'application/vnd.oasis.opendocument.text',
      'application/vnd.oasis.opendocument.spreadsheet',
      'application/vnd.oasis.opendocument.presentation',
      'application/rtf',
    ],
  },
  attachment_types_zip: { types: ['application/zip'] },
} as const;

export type FileKindSetting = keyof typeof FILE_KINDS;

/** Raster images a browser shows without running anything: the only files served inline. */
export const INLINE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * The media types allowed by the checked groups, and the groups' names in a reader's language ("images, PDF"),
 * for the pickers' hints and a refusal's words.
 */
export function allowedTypes(settings: Readonly<Record<FileKindSetting, boolean>>): {
  types: Set<string>;
  words: (t: Translator) => string;
} {
  const on = (Object.keys(FILE_KINDS) as FileKindSetting[]).filter((key) => settings[key]);
  return {
    types: new Set(on.flatMap((key) => FILE_KINDS[key].types)),
    words: (t) =>
      on.length
        ? new Intl.ListFormat(t.language === 'en-XA' ? 'en' : t.language, { type: 'unit' }).format(
            on.map((key) => t.t(`problems.file_kind.${key}`)),
          )
        : t.t('problems.file_kind.none'),
  };
}
