import { type RefObject, useState } from 'react';
import { api } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { translator } from '../i18n/i18n.js';

/** Agent assist: fills the composer with a draft; nothing is sent until the agent sends it. */
export function useSuggestReply({
  ticketId,
  text,
  write,
  area,
  setError,
  setStatus,
}: {
  ticketId: number;
  text: string;
  write: (next: string) => void;
  area: RefObject<HTMLTextAreaElement | null>;
  setError: (error: string) => void;
  setStatus: (status: string) => void;
}) {
  const [suggesting, setSuggesting] = useState(false);
  const suggest = async () => {
    if (text.trim() && !window.confirm(translator().t('admin.suggest.replace'))) return;
    setSuggesting(true);
    setError('');
    setStatus(translator().t('admin.suggest.asking'));
    try {
      const result = await api<{ draft: string; answered: boolean }>('POST', `/tickets/${ticketId}/suggest-reply`);
      if (!result.draft) {
        setStatus('');
        setError(translator().t('admin.suggest.none'));
        return;
      }
      write(result.draft);
      setStatus(result.answered ? translator().t('admin.suggest.inserted') : translator().t('admin.suggest.docsOnly'));
      area.current?.focus();
    } catch (e) {
      setStatus('');
      setError(problemText(e));
    } finally {
      setSuggesting(false);
    }
  };
  return { suggesting, suggest };
}
