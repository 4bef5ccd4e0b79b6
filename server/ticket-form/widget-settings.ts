import { english } from '../i18n/translators.js';
import { catalogueTextPerLanguage } from './widget-texts.js';

const perLanguage = (label: string, placeholders: Record<string, string>, desc?: string) => ({
  type: 'per_language' as const,
  label,
  default: {} as Record<string, string>,
  placeholders,
  ...(desc ? { desc } : {}),
});

/**
 * Tickets → Widget texts: the widget's launcher label, form title and introduction, thanks text and corner, per
 * shipped language. An empty language keeps the catalogue's text (shown in its empty field); the form definition
 * carries them (GET /tickets/form/?lang=xx), so a change shows on every site with no rebuild.
 */
export function widgetSection() {
  const t = english.t;
  return {
    label: t('widget.settings.section'),
    desc: t('widget.settings.section_desc'),
    fields: {
      widget_launcher: perLanguage(t('widget.settings.launcher_label'), catalogueTextPerLanguage('widget.launcher')),
      widget_title: perLanguage(t('widget.settings.form_title'), catalogueTextPerLanguage('widget.title')),
      widget_intro: perLanguage(t('widget.settings.form_intro'), catalogueTextPerLanguage('widget.intro')),
      widget_thanks: perLanguage(
        t('widget.settings.thanks_text'),
        catalogueTextPerLanguage('widget.thanks'),
        t('widget.settings.thanks_text_desc'),
      ),
      widget_position: {
        ...perLanguage(t('widget.settings.position'), {}),
        options: [
          { value: '', label: t('widget.settings.position_default') },
          { value: 'right', label: t('widget.settings.position_right') },
          { value: 'left', label: t('widget.settings.position_left') },
        ],
      },
    },
  };
}
