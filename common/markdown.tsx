import { Fragment, type ReactNode } from 'react';

// Agents write Markdown; this renders a safe subset as React elements (never HTML strings), so raw
// HTML in the text stays text and only http(s) and mailto links become links. Used by the admin app
// and usable by server-rendered pages (react-dom/server) alike.

const SAFE_URL = /^(https?:\/\/|mailto:)[^\s<>"']+$/i;

/** Inline Markdown: `code`, **bold**, *italic* / _italic_, [text](url), and bare http(s) links. */
function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /`([^`\n]+)`|\*\*([^*\n]+)\*\*|\*([^*\n]+)\*|\b_([^_\n]+)_\b|\[([^\]\n]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s<>"')]+)/g;
  let last = 0;
  let n = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const k = `${key}-${n++}`;
    const [whole, code, bold, italic, italic2, linkText, linkUrl, bare] = match;
    if (code !== undefined) out.push(<code key={k}>{code}</code>);
    else if (bold !== undefined) out.push(<strong key={k}>{inline(bold, k)}</strong>);
    else if (italic !== undefined || italic2 !== undefined) out.push(<em key={k}>{inline((italic ?? italic2) as string, k)}</em>);
    else if (linkText !== undefined && linkUrl !== undefined) {
      out.push(
        SAFE_URL.test(linkUrl) ? (
          <a key={k} href={linkUrl} rel="noopener noreferrer nofollow">
            {inline(linkText, k)}
          </a>
        ) : (
          whole
        ),
      );
    } else if (bare !== undefined)
      out.push(
        <a key={k} href={bare} rel="noopener noreferrer nofollow">
          {bare}
        </a>,
      );
    last = match.index + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Line breaks inside a paragraph stay line breaks. */
function lines(text: string, key: string): ReactNode[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      i === 0
        ? [<Fragment key={`${key}-l${i}`}>{inline(line, `${key}-l${i}`)}</Fragment>]
        : [<br key={`${key}-br${i}`} />, <Fragment key={`${key}-l${i}`}>{inline(line, `${key}-l${i}`)}</Fragment>],
    );
}

/** Block Markdown: paragraphs, `-`/`*`/`1.` lists, `>` quotes, ``` fences; everything else is text. */
export function Markdown({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  const source = text.replace(/\r\n?/g, '\n');
  const fence = /^```[^\n]*\n([\s\S]*?)\n```[ \t]*$/gm;
  let last = 0;
  let n = 0;
  const paragraphs = (chunk: string) => {
    for (const block of chunk.split(/\n{2,}/)) {
      const trimmed = block.replace(/^\n+|\n+$/g, '');
      if (!trimmed) continue;
      const key = `b${n++}`;
      const rows = trimmed.split('\n');
      if (rows.every((r) => /^\s*[-*]\s+/.test(r)))
        blocks.push(
          <ul key={key}>
            {rows.map((r, i) => (
              <li key={i}>{inline(r.replace(/^\s*[-*]\s+/, ''), `${key}-${i}`)}</li>
            ))}
          </ul>,
        );
      else if (rows.every((r) => /^\s*\d+[.)]\s+/.test(r)))
        blocks.push(
          <ol key={key}>
            {rows.map((r, i) => (
              <li key={i}>{inline(r.replace(/^\s*\d+[.)]\s+/, ''), `${key}-${i}`)}</li>
            ))}
          </ol>,
        );
      else if (rows.every((r) => /^>\s?/.test(r)))
        blocks.push(<blockquote key={key}>{lines(rows.map((r) => r.replace(/^>\s?/, '')).join('\n'), key)}</blockquote>);
      else blocks.push(<p key={key}>{lines(trimmed, key)}</p>);
    }
  };
  for (let match = fence.exec(source); match; match = fence.exec(source)) {
    paragraphs(source.slice(last, match.index));
    blocks.push(
      <pre key={`b${n++}`}>
        <code>{match[1]}</code>
      </pre>,
    );
    last = match.index + match[0].length;
  }
  paragraphs(source.slice(last));
  return <>{blocks}</>;
}
