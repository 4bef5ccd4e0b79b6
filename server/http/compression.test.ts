import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { createPost } from '../domain/content/create-post.js';
import { mechanismsOn } from '../test/mechanisms-on.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

describeEachDatabase('HTML, CSS and JSON answers are compressed', (dialect) => {
  const hd = useTestHelpdesk(dialect);

  it.runIf(mechanismsOn('compression'))(
    'brotli or gzip as asked, decoding to the same bytes; nothing compressed without Accept-Encoding',
    async () => {
      for (let i = 0; i < 12; i += 1)
        await createPost(hd.ctx, 'doc', { title: `Doc number ${i}`, content: 'Some text. '.repeat(40) }, null);
      for (const url of ['/docs/', '/api/helpdesk/v1/docs/?count=20', '/content/theme/style.css']) {
        const plain = await hd.app.inject({ method: 'GET', url });
        expect(plain.headers['content-encoding'], url).toBeUndefined();
        const br = await hd.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
        expect(br.headers['content-encoding'], url).toBe('br');
        expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain.body);
        const gz = await hd.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
        expect(gz.headers['content-encoding'], url).toBe('gzip');
        expect(gunzipSync(gz.rawPayload).toString(), url).toBe(plain.body);
        expect(String(br.headers.vary ?? '').toLowerCase(), url).toContain('accept-encoding');
      }
    },
  );

  it('the widget script keeps its own precompressed answer (one encoding, not twice)', async () => {
    const res = await hd.app.inject({ method: 'GET', url: '/helpdesk/tickets/embed/', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toMatch(/^var HELPDESK_HOME_URL = /);
  });
});
