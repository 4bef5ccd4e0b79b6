// A stored time as people read it, in the site's time zone (Settings → General), the same on the help site
// and in the admin app: "2 Dec 2026, 14:05 CET". Intl does the zone's arithmetic (daylight saving included);
// the month's name comes from this list, not from ICU, whose English names differ between versions ("Sep" or
// "Sept"), so the server's pages and every browser print the same words.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone and kind, kept: building one costs far more than using it. */
function formatIn(timeZone: string, zoneName: 'short' | 'long'): Intl.DateTimeFormat {
  const key = `${zoneName} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: zoneName,
    });
    formats.set(key, format);
  }
  return format;
}

function partsIn(date: Date, timeZone: string, zoneName: 'short' | 'long'): Record<string, string> {
  let format: Intl.DateTimeFormat;
  try {
    format = formatIn(timeZone, zoneName);
  } catch {
    // An unknown zone (a value stored before it was checked) falls back to UTC rather than failing the page.
    format = formatIn('UTC', zoneName);
  }
  return Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
}

// Another language's words come from Intl ("2 déc. 2026, 14:05 UTC+1", Arabic digits in Arabic), one formatter per
// language, zone and kind, kept as the English ones are.
const localFormats = new Map<string, Intl.DateTimeFormat>();

function formatInLanguage(date: Date, timeZone: string, language: string, zoneName: 'short' | 'long'): string {
  const key = `${language} ${zoneName} ${timeZone}`;
  let format = localFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: zoneName,
    };
    try {
      format = new Intl.DateTimeFormat(language, { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
    }
    localFormats.set(key, format);
  }
  return format.format(date);
}

/** Whether `language` reads times in the English wording above (English and the pseudo-locale, which tests layouts). */
const isEnglish = (language: string) => language === 'en' || language.startsWith('en-');

/**
 * "2 Dec 2026, 14:05 CET": the date, the time and the zone's short name, in `timeZone`; in `language`'s words when
 * it is not English (the help site's pages pass the reader's).
 */
export function formatSiteTime(iso: string, timeZone: string, language = 'en'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (!isEnglish(language)) return formatInLanguage(date, timeZone, language, 'short');
  const p = partsIn(date, timeZone, 'short');
  return `${Number(p.day)} ${MONTHS[Number(p.month) - 1]} ${p.year}, ${p.hour}:${p.minute} ${p.timeZoneName}`;
}

/**
 * The same time with the zone's long name and IANA id, for a tooltip: "2 Dec 2026, 14:05 Central European Standard Time
 * (Europe/Berlin)".
 */
export function formatSiteTimeInFull(iso: string, timeZone: string, language = 'en'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (!isEnglish(language)) return `${formatInLanguage(date, timeZone, language, 'long')} (${timeZone})`;
  const p = partsIn(date, timeZone, 'long');
  return `${Number(p.day)} ${MONTHS[Number(p.month) - 1]} ${p.year}, ${p.hour}:${p.minute} ${p.timeZoneName} (${timeZone})`;
}
