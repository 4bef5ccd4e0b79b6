import en from '../../common/i18n/locales/en/widget.json' with { type: 'json' };

/**
 * The launcher's English, the one text of the first download (esbuild-options.mjs keeps only `launcher` here);
 * the form's texts come with the second script (bundled English) and the form definition (the visitor's language).
 */
export const LAUNCHER_ENGLISH: string = (en as unknown as Record<string, string>).launcher ?? en['widget.launcher'];
