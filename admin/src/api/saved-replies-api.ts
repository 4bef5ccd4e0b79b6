import { api } from './api.js';

/** A saved reply as GET /saved-replies/ returns it; `filled` when asked for a ticket. */
export interface SavedReply {
  id: number;
  title: string;
  text: string;
  filled?: string;
  shared: boolean;
  owner: { id: number; name: string } | null;
  editable: boolean;
  created: string;
  modified: string;
}

/** The saved replies the agent can use, searched; with a ticket, each filled in for it. */
export function findSavedReplies(search: string, ticketId?: number): Promise<SavedReply[]> {
  const params = new URLSearchParams();
  if (search.trim()) params.set('q', search.trim());
  if (ticketId !== undefined) params.set('ticket', String(ticketId));
  return api<SavedReply[]>('GET', `/saved-replies/?${params}`);
}
