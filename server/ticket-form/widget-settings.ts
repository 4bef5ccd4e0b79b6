import { schemaText } from '../settings/translate-schema.js';
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
  const t = (name: string) => schemaText(`settings.widget.${name}` as Parameters<typeof schemaText>[0]);
  return {
    label: t('section'),
    desc: t('section_desc'),
    fields: {
      widget_launcher: perLanguage(t('launcher_label'), catalogueTextPerLanguage('widget.launcher')),
      widget_title: perLanguage(t('form_title'), catalogueTextPerLanguage('widget.title')),
      widget_intro: perLanguage(t('form_intro'), catalogueTextPerLanguage('widget.intro')),
      widget_thanks: perLanguage(t('thanks_text'), catalogueTextPerLanguage('widget.thanks'), t('thanks_text_desc')),
      // Issue 38: the page's own button opens the widget (Helpdesk('open')); the script's data-launcher="hidden" too.
      widget_hide_launcher: { type: 'checkbox' as const, label: t('hide_launcher'), default: false, desc: t('hide_launcher_desc') },
      // Only visitors the site vouches for (a valid identity token) may file through the widget and the API.
      widget_require_identity: {
        type: 'checkbox' as const,
        label: t('require_identity'),
        default: false,
        desc: t('require_identity_desc'),
      },
      widget_position: {
        ...perLanguage(t('position'), {}),
        options: [
          { value: '', label: t('position_default') },
          { value: 'right', label: t('position_right') },
          { value: 'left', label: t('position_left') },
        ],
      },
    },
  };
}
