/**
 * What came of one incoming message. `imported`: a comment or a new ticket was committed; `duplicate`:
 * this Message-ID was handled before (by any path or instance), nothing changed; `ignored`: automatic
 * mail, a delivery report or our own mail, recorded and never answered; `rejected`: it cannot be
 * imported (recorded with the reason and kept for a retry); `temporary`: nothing was stored, try again later.
 */
import type { InboundReason } from './inbound-reason.js';

export type ReceiveResult =
  | { kind: 'imported'; ticketId: number; ticketNumber: number; commentId: number | null }
  | { kind: 'duplicate' }
  | ({ kind: 'ignored' } & InboundReason)
  | ({ kind: 'rejected' } & InboundReason)
  | ({ kind: 'temporary' } & InboundReason);
