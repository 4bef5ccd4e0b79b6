import { describe, expect, it } from 'vitest';
import { sendingServer } from './sending-server.js';

const from = 'ann@client.test';

describe('the sending server of a mail', () => {
  it('is the first public address from the top, in a Received line’s from part', () => {
    const received = [
      'from mail.client.test (mail.client.test [203.0.113.9]) by mx.help.test (Postfix) with ESMTPS id 4Xy; Mon, 1 Jun 2026 10:00:00 +0000',
      // Written by the sender: below the receiving side's line, so never read.
      'from trusted.example (trusted.example [198.51.100.1]) by mail.client.test; Mon, 1 Jun 2026 09:59:59 +0000',
    ];
    expect(sendingServer({ received, from })).toEqual({ key: 'ip:203.0.113.9', kind: 'server', name: '203.0.113.9' });
  });

  it('passes over the receiving side’s own hops: no address, an internal one, the by part', () => {
    const received = [
      'by 2002:a05:6a10:1234 with SMTP id x; Mon, 1 Jun 2026 10:00:02 +0000',
      'from filter.local (localhost [127.0.0.1]) by mx.help.test [203.0.113.200]; Mon, 1 Jun 2026 10:00:01 +0000',
      'from relay.internal ([10.1.2.3]) by filter.local; Mon, 1 Jun 2026 10:00:01 +0000',
      'from mail-sor-f41.google.com (mail-sor-f41.google.com. [IPv6:2607:f8b0:4864:20::52f]) by relay.internal; Mon, 1 Jun 2026',
    ];
    // An IPv6 server is counted by its /64, as every per-address limit is.
    expect(sendingServer({ received, from }).key).toBe('ip:2607:f8b0:4864:20::/64');
    expect(sendingServer({ received: ['from x ([::ffff:203.0.113.7]) by y'], from }).key).toBe('ip:203.0.113.7');
  });

  it('is the sender’s domain when no Received line names a public address', () => {
    expect(sendingServer({ received: [], from: 'Ann@Client.Test' })).toEqual({
      key: 'domain:client.test',
      kind: 'domain',
      name: 'client.test',
    });
    expect(sendingServer({ received: ['from localhost ([127.0.0.1]) by mx'], from }).key).toBe('domain:client.test');
  });
});
