import { useEffect } from 'react';
import { api, sendOnLeave } from '../api/api.js';

/** The server forgets a presence after 30 s; renewing every 10 s survives a lost request or two. */
const RENEW_EVERY_MS = 10_000;

/**
 * Tells the other agents that this one is viewing or replying on a ticket, renewed while the ticket is
 * open, and that they left when it closes (also when the tab goes away).
 */
export function useReportPresence(ticketId: number, state: 'viewing' | 'replying'): void {
  useEffect(() => {
    const send = () => void api('POST', `/tickets/${ticketId}/presence`, { state }).catch(() => {});
    send();
    const timer = setInterval(send, RENEW_EVERY_MS);
    return () => clearInterval(timer);
  }, [ticketId, state]);
  useEffect(() => {
    const leave = () => sendOnLeave(`/tickets/${ticketId}/presence`, { state: 'left' });
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [ticketId]);
}
