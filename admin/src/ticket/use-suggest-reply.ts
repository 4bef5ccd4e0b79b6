import { type RefObject, useState } from 'react';
import { api } from '../api/api.js';
import { problemText } from '../api/problem-text.js';

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
    if (text.trim() && !window.confirm('Replace what you have written with a suggested reply?')) return;
    setSuggesting(true);
    setError('');
    setStatus('Asking for a suggested reply…');
    try {
      const result = await api<{ draft: string; answered: boolean }>('POST', `/tickets/${ticketId}/suggest-reply`);
      if (!result.draft) {
        setStatus('');
        setError('No suggestion: the AI backend did not answer and no docs match this ticket.');
        return;
      }
      write(result.draft);
      setStatus(
        result.answered
          ? 'Suggested reply inserted. Check and edit it before sending.'
          : 'The AI backend did not answer; the draft lists related docs.',
      );
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
