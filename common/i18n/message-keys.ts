// The keys of the English catalogues: every other language must have the same (npm run lint:messages).

import type admin from './locales/en/admin.json';
import type audit from './locales/en/audit.json';
import type businessHours from './locales/en/business-hours.json';
import type cli from './locales/en/cli.json';
import type common from './locales/en/common.json';
import type contacts from './locales/en/contacts.json';
import type deflection from './locales/en/deflection.json';
import type mail from './locales/en/mail.json';
import type notifications from './locales/en/notifications.json';
import type problems from './locales/en/problems.json';
import type reports from './locales/en/reports.json';
import type rules from './locales/en/rules.json';
import type serviceLevels from './locales/en/service-levels.json';
import type settings from './locales/en/settings.json';
import type site from './locales/en/site.json';
import type terms from './locales/en/terms.json';
import type webhooks from './locales/en/webhooks.json';
import type widget from './locales/en/widget.json';

/** Every message's key; a key outside the English catalogues is a type error. */
export type MessageKey =
  | keyof typeof common
  | keyof typeof widget
  | keyof typeof site
  | keyof typeof mail
  | keyof typeof admin
  | keyof typeof settings
  | keyof typeof reports
  | keyof typeof serviceLevels
  | keyof typeof businessHours
  | keyof typeof notifications
  | keyof typeof problems
  | keyof typeof cli
  | keyof typeof terms
  | keyof typeof deflection
  | keyof typeof webhooks
  | keyof typeof rules
  | keyof typeof contacts
  | keyof typeof audit;

/** The catalogue files of each language, one per part of the product (`locales/<language>/<namespace>.json`). */
export const NAMESPACES = [
  'common',
  'widget',
  'site',
  'mail',
  'admin',
  'settings',
  'reports',
  'service-levels',
  'business-hours',
  'notifications',
  'deflection',
  'webhooks',
  'rules',
  'contacts',
  'audit',
  'problems',
  'cli',
  'terms',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
