import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';

/** Catalogues by language, then by namespace: `{ en: { site: { 'site.home.title': '…' } } }`. */
export type CatalogueFiles = Record<string, Record<string, Record<string, unknown>>>;

/** Each argument a message takes, with its kind (`count:plural`, `name:argument`, `link:tag`). */
export function argumentsOf(text: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) {
        found.add(`${element.value}:${TYPE[element.type]}`);
      } else if (element.type === TYPE.plural || element.type === TYPE.select) {
        found.add(`${element.value}:${TYPE[element.type]}`);
        for (const option of Object.values(element.options)) walk(option.value);
      } else if (element.type === TYPE.tag) {
        found.add(`${element.value}:tag`);
        walk(element.children);
      }
    }
  };
  walk(parse(text));
  return [...found].sort();
}

/**
 * What is wrong with the catalogues, one sentence each: a key missing in a language or there beyond English's,
 * a key outside its file's namespace, a text that is not ICU MessageFormat, and a placeholder (or plural, select,
 * tag) that differs from the English message's — a translation that drops `{number}` shows the reader a gap.
 */
export function findCatalogueProblems(files: CatalogueFiles, source = 'en'): string[] {
  const problems: string[] = [];
  const english = files[source] ?? {};
  for (const [namespace, messages] of Object.entries(english)) {
    for (const key of Object.keys(messages)) {
      if (!key.startsWith(`${namespace}.`)) problems.push(`${source}/${namespace}.json: "${key}" must start with "${namespace}."`);
    }
  }
  for (const [language, namespaces] of Object.entries(files)) {
    for (const namespace of Object.keys(namespaces)) {
      if (!(namespace in english)) problems.push(`${language}/${namespace}.json: no such file in ${source}/`);
    }
    for (const [namespace, englishMessages] of Object.entries(english)) {
      const messages = namespaces[namespace];
      if (!messages) {
        problems.push(`${language}/${namespace}.json is missing`);
        continue;
      }
      for (const [key, englishText] of Object.entries(englishMessages)) {
        const text = messages[key];
        if (text !== undefined && typeof text !== 'string') {
          problems.push(`${language}/${namespace}.json: "${key}" is not a text (flat JSON: one ICU string per key)`);
          continue;
        }
        if (text === undefined || text.trim() === '') {
          problems.push(`${language}/${namespace}.json: "${key}" is missing`);
          continue;
        }
        let theirs: string[];
        try {
          theirs = argumentsOf(text);
        } catch (error) {
          problems.push(`${language}/${namespace}.json: "${key}" is not ICU MessageFormat (${(error as Error).message})`);
          continue;
        }
        if (language === source) continue;
        const ours = typeof englishText === 'string' ? safeArguments(englishText) : [];
        if (ours.join() !== theirs.join()) {
          problems.push(`${language}/${namespace}.json: "${key}" has {${theirs.join(', ')}} but English has {${ours.join(', ')}}`);
        }
      }
      for (const key of Object.keys(messages)) {
        if (!(key in englishMessages)) problems.push(`${language}/${namespace}.json: "${key}" is not in English (remove it)`);
      }
    }
  }
  return problems;
}

function safeArguments(text: string): string[] {
  try {
    return argumentsOf(text);
  } catch {
    return []; // reported once, under English
  }
}
