import { join } from 'node:path';
import type { Config } from '../config/config-types.js';

/** Where mail goes, in words for the admin: while no SMTP server is set, it is written as files. */
export function describeMailDestination(config: Config): { isSmtp: boolean; text: string } {
  if (config.smtpUrl) return { isSmtp: true, text: 'Mail is sent through the SMTP server set in SMTP_URL.' };
  return {
    isSmtp: false,
    text:
      `No SMTP server is set, so no mail leaves this server: each mail is written as an .eml file to ${join(config.dataDir, 'mail')}. ` +
      'Set SMTP_URL (for example smtp://user:password@mail.example.com:587) and restart to send mail.',
  };
}
