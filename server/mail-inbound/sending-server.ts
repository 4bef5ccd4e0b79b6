import { isIP } from 'node:net';
import { addressKey } from '../security/client-address.js';
import { isInternalAddress } from '../security/internal-addresses.js';
import type { IncomingMail } from './parse-incoming-mail.js';

/** The server a mail came from, as the new-ticket limits count it (docs/DECISIONS.md, "sending server"). */
export interface SendingServer {
  /** The counter key: `ip:<address>` (an IPv6 /64 is one server) or `domain:<the From's domain>`. */
  key: string;
  /** What it is, for a refusal the admin reads ("the server 203.0.113.9", in their language). */
  kind: 'server' | 'domain';
  /** The server's address or the sender's domain. */
  name: string;
}

// An address literal in a Received line's `from` part: `[203.0.113.5]`, `[IPv6:2001:db8::1]`.
const ADDRESS_LITERAL = /\[(?:ipv6:)?([0-9a-f:.]+)\]/gi;

/**
 * The server that handed the mail to the receiving side: the first public address, from the top, in a
 * Received line's `from` part. Each server prepends its line, so the top ones are written by the
 * receiving side and a sender can only add lines below them; lines with no address or an internal one
 * are the receiving side's own hops and are passed over. With no such address (mail put straight into
 * the mailbox or the pipe), the From's domain stands in. Either key only adds a limit: the per-sender,
 * per-address, hourly and daily limits count every mail whatever it names.
 */
export function sendingServer(mail: Pick<IncomingMail, 'received' | 'from'>): SendingServer {
  for (const line of mail.received) {
    if (!/^from\s/i.test(line)) continue;
    const fromPart = line.split(/\sby\s/i)[0] ?? '';
    for (const [, literal = ''] of fromPart.matchAll(ADDRESS_LITERAL)) {
      if (!isIP(literal)) continue;
      // A hop from an internal address was handed over inside the receiving side (a filter, a relay, the
      // mailbox's own servers), so the header below it was written there too.
      if (isInternalAddress(literal)) continue;
      // An IPv6 server is counted by its /64.
      const address = addressKey(literal);
      return { key: `ip:${address}`, kind: 'server', name: literal };
    }
  }
  const from = mail.from ?? '';
  const domain = from.slice(from.lastIndexOf('@') + 1).toLowerCase();
  return { key: `domain:${domain}`, kind: 'domain', name: domain };
}
