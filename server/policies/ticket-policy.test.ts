import { describe, expect, it } from 'vitest';
import type { Actor } from '../domain/context.js';
import { AppError } from '../errors.js';
import {
  assertMayComment,
  commentRoleOf,
  mayChangeTicket,
  mayFileForOthers,
  mayReadComment,
  mayReadTicket,
  ticketView,
} from './ticket-policy.js';

const admin: Actor = { id: 1, role: 'admin' };
const agent: Actor = { id: 2, role: 'agent' };
const client: Actor = { id: 3, role: 'client' };
const other: Actor = { id: 4, role: 'client' };

function codeOf(fn: () => void): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
  return undefined;
}

describe('ticket policy', () => {
  it('staff see every ticket, a client only their own, nobody anonymous', () => {
    expect(ticketView(agent).kind).toBe('all');
    expect(ticketView(admin).kind).toBe('all');
    expect(ticketView(client).kind).toBe('own');
    expect(codeOf(() => ticketView(null))).toBe('UNAUTHENTICATED');
    expect(mayReadTicket(agent, client.id)).toBe(true);
    expect(mayReadTicket(client, client.id)).toBe(true);
    expect(mayReadTicket(other, client.id)).toBe(false);
    expect(mayReadTicket(null, client.id)).toBe(false);
    expect(mayReadTicket(client, null)).toBe(false);
  });

  it('only staff change tickets or file them for someone else', () => {
    expect([admin, agent, client, null].map(mayChangeTicket)).toEqual([true, true, false, false]);
    expect([admin, agent, client, null].map(mayFileForOthers)).toEqual([true, true, false, false]);
  });

  it('internal notes are for staff only', () => {
    expect(mayReadComment(agent, { isInternal: true })).toBe(true);
    expect(mayReadComment(client, { isInternal: true })).toBe(false);
    expect(mayReadComment(client, { isInternal: false })).toBe(true);
  });

  it('who may write which comment on which ticket', () => {
    const own = { authorId: client.id };
    expect(commentRoleOf(agent)).toBe('agent');
    expect(commentRoleOf(client)).toBe('client');
    expect(codeOf(() => assertMayComment(client, { role: 'client', isInternal: false }, own))).toBeUndefined();
    expect(codeOf(() => assertMayComment(agent, { role: 'agent', isInternal: true }, own))).toBeUndefined();
    expect(codeOf(() => assertMayComment(null, { role: 'bot', isInternal: false }, own))).toBeUndefined();
    // Another client's ticket reads as a missing one.
    expect(codeOf(() => assertMayComment(other, { role: 'client', isInternal: false }, own))).toBe('NOT_FOUND');
    expect(codeOf(() => assertMayComment(client, { role: 'client', isInternal: false }, undefined))).toBe('NOT_FOUND');
    expect(codeOf(() => assertMayComment(agent, { role: 'client', isInternal: false }, own))).toBe('FORBIDDEN');
    expect(codeOf(() => assertMayComment(client, { role: 'agent', isInternal: false }, own))).toBe('FORBIDDEN');
    expect(codeOf(() => assertMayComment(client, { role: 'client', isInternal: true }, own))).toBe('FORBIDDEN');
  });

  it('a client copied in may reply to a ticket they may not read, but never write a note', () => {
    const own = { authorId: client.id };
    expect(codeOf(() => assertMayComment(other, { role: 'client', isInternal: false, copiedIn: true }, own))).toBeUndefined();
    expect(mayReadTicket(other, client.id)).toBe(false);
    expect(codeOf(() => assertMayComment(other, { role: 'client', isInternal: true, copiedIn: true }, own))).toBe('FORBIDDEN');
  });
});
