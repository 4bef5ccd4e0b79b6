// Every catalogue, bundled into the server: a language's texts are there from the first request on.

import type { ShippedLanguage } from '../../common/i18n/languages.js';
import ar_admin from '../../common/i18n/locales/ar/admin.json' with { type: 'json' };
import ar_business_hours from '../../common/i18n/locales/ar/business-hours.json' with { type: 'json' };
import ar_cli from '../../common/i18n/locales/ar/cli.json' with { type: 'json' };
import ar_common from '../../common/i18n/locales/ar/common.json' with { type: 'json' };
import ar_mail from '../../common/i18n/locales/ar/mail.json' with { type: 'json' };
import ar_notifications from '../../common/i18n/locales/ar/notifications.json' with { type: 'json' };
import ar_problems from '../../common/i18n/locales/ar/problems.json' with { type: 'json' };
import ar_reports from '../../common/i18n/locales/ar/reports.json' with { type: 'json' };
import ar_service_levels from '../../common/i18n/locales/ar/service-levels.json' with { type: 'json' };
import ar_settings from '../../common/i18n/locales/ar/settings.json' with { type: 'json' };
import ar_site from '../../common/i18n/locales/ar/site.json' with { type: 'json' };
import ar_terms from '../../common/i18n/locales/ar/terms.json' with { type: 'json' };
import ar_widget from '../../common/i18n/locales/ar/widget.json' with { type: 'json' };
import de_admin from '../../common/i18n/locales/de/admin.json' with { type: 'json' };
import de_business_hours from '../../common/i18n/locales/de/business-hours.json' with { type: 'json' };
import de_cli from '../../common/i18n/locales/de/cli.json' with { type: 'json' };
import de_common from '../../common/i18n/locales/de/common.json' with { type: 'json' };
import de_mail from '../../common/i18n/locales/de/mail.json' with { type: 'json' };
import de_notifications from '../../common/i18n/locales/de/notifications.json' with { type: 'json' };
import de_problems from '../../common/i18n/locales/de/problems.json' with { type: 'json' };
import de_reports from '../../common/i18n/locales/de/reports.json' with { type: 'json' };
import de_service_levels from '../../common/i18n/locales/de/service-levels.json' with { type: 'json' };
import de_settings from '../../common/i18n/locales/de/settings.json' with { type: 'json' };
import de_site from '../../common/i18n/locales/de/site.json' with { type: 'json' };
import de_terms from '../../common/i18n/locales/de/terms.json' with { type: 'json' };
import de_widget from '../../common/i18n/locales/de/widget.json' with { type: 'json' };
import en_admin from '../../common/i18n/locales/en/admin.json' with { type: 'json' };
import en_business_hours from '../../common/i18n/locales/en/business-hours.json' with { type: 'json' };
import en_cli from '../../common/i18n/locales/en/cli.json' with { type: 'json' };
import en_common from '../../common/i18n/locales/en/common.json' with { type: 'json' };
import en_mail from '../../common/i18n/locales/en/mail.json' with { type: 'json' };
import en_notifications from '../../common/i18n/locales/en/notifications.json' with { type: 'json' };
import en_problems from '../../common/i18n/locales/en/problems.json' with { type: 'json' };
import en_reports from '../../common/i18n/locales/en/reports.json' with { type: 'json' };
import en_service_levels from '../../common/i18n/locales/en/service-levels.json' with { type: 'json' };
import en_settings from '../../common/i18n/locales/en/settings.json' with { type: 'json' };
import en_site from '../../common/i18n/locales/en/site.json' with { type: 'json' };
import en_terms from '../../common/i18n/locales/en/terms.json' with { type: 'json' };
import en_widget from '../../common/i18n/locales/en/widget.json' with { type: 'json' };
import es_admin from '../../common/i18n/locales/es/admin.json' with { type: 'json' };
import es_business_hours from '../../common/i18n/locales/es/business-hours.json' with { type: 'json' };
import es_cli from '../../common/i18n/locales/es/cli.json' with { type: 'json' };
import es_common from '../../common/i18n/locales/es/common.json' with { type: 'json' };
import es_mail from '../../common/i18n/locales/es/mail.json' with { type: 'json' };
import es_notifications from '../../common/i18n/locales/es/notifications.json' with { type: 'json' };
import es_problems from '../../common/i18n/locales/es/problems.json' with { type: 'json' };
import es_reports from '../../common/i18n/locales/es/reports.json' with { type: 'json' };
import es_service_levels from '../../common/i18n/locales/es/service-levels.json' with { type: 'json' };
import es_settings from '../../common/i18n/locales/es/settings.json' with { type: 'json' };
import es_site from '../../common/i18n/locales/es/site.json' with { type: 'json' };
import es_terms from '../../common/i18n/locales/es/terms.json' with { type: 'json' };
import es_widget from '../../common/i18n/locales/es/widget.json' with { type: 'json' };
import fr_admin from '../../common/i18n/locales/fr/admin.json' with { type: 'json' };
import fr_business_hours from '../../common/i18n/locales/fr/business-hours.json' with { type: 'json' };
import fr_cli from '../../common/i18n/locales/fr/cli.json' with { type: 'json' };
import fr_common from '../../common/i18n/locales/fr/common.json' with { type: 'json' };
import fr_mail from '../../common/i18n/locales/fr/mail.json' with { type: 'json' };
import fr_notifications from '../../common/i18n/locales/fr/notifications.json' with { type: 'json' };
import fr_problems from '../../common/i18n/locales/fr/problems.json' with { type: 'json' };
import fr_reports from '../../common/i18n/locales/fr/reports.json' with { type: 'json' };
import fr_service_levels from '../../common/i18n/locales/fr/service-levels.json' with { type: 'json' };
import fr_settings from '../../common/i18n/locales/fr/settings.json' with { type: 'json' };
import fr_site from '../../common/i18n/locales/fr/site.json' with { type: 'json' };
import fr_terms from '../../common/i18n/locales/fr/terms.json' with { type: 'json' };
import fr_widget from '../../common/i18n/locales/fr/widget.json' with { type: 'json' };
import type { Catalogue } from '../../common/i18n/translator.js';

/** Each shipped language's catalogue, its namespaces merged (keys carry their namespace, so none collide). */
export const CATALOGUES: Record<ShippedLanguage, Catalogue> = {
  en: {
    ...en_common,
    ...en_widget,
    ...en_site,
    ...en_mail,
    ...en_admin,
    ...en_settings,
    ...en_reports,
    ...en_service_levels,
    ...en_business_hours,
    ...en_notifications,
    ...en_problems,
    ...en_cli,
    ...en_terms,
  },
  de: {
    ...de_common,
    ...de_widget,
    ...de_site,
    ...de_mail,
    ...de_admin,
    ...de_settings,
    ...de_reports,
    ...de_service_levels,
    ...de_business_hours,
    ...de_notifications,
    ...de_problems,
    ...de_cli,
    ...de_terms,
  },
  es: {
    ...es_common,
    ...es_widget,
    ...es_site,
    ...es_mail,
    ...es_admin,
    ...es_settings,
    ...es_reports,
    ...es_service_levels,
    ...es_business_hours,
    ...es_notifications,
    ...es_problems,
    ...es_cli,
    ...es_terms,
  },
  fr: {
    ...fr_common,
    ...fr_widget,
    ...fr_site,
    ...fr_mail,
    ...fr_admin,
    ...fr_settings,
    ...fr_reports,
    ...fr_service_levels,
    ...fr_business_hours,
    ...fr_notifications,
    ...fr_problems,
    ...fr_cli,
    ...fr_terms,
  },
  ar: {
    ...ar_common,
    ...ar_widget,
    ...ar_site,
    ...ar_mail,
    ...ar_admin,
    ...ar_settings,
    ...ar_reports,
    ...ar_service_levels,
    ...ar_business_hours,
    ...ar_notifications,
    ...ar_problems,
    ...ar_cli,
    ...ar_terms,
  },
};
