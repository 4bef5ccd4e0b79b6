import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn, safeBrandColor } from '../../common/brand-color.js';
import { writeOption } from '../domain/options.js';
import { saveSiteLogo } from '../settings/site-logo.js';
import { updateSiteOptions } from '../settings/site-options.js';
import { solidPng } from '../test/png.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

const HOSTILE = '#fff;}</style><script>alert(1)</script>';

describe('the brand colour rule', () => {
  it('picks black or white text, whichever reads better, and it always reaches 4.5:1', () => {
    expect(readableTextOn('#ffcc00')).toBe('#000000');
    expect(readableTextOn('#1d4ed8')).toBe('#ffffff');
    for (let i = 0; i < 4096; i += 1) {
      const color = `#${[i >> 8, (i >> 4) & 15, i & 15].map((n) => (n * 17).toString(16).padStart(2, '0')).join('')}`;
      expect(contrastRatio(color, readableTextOn(color)), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('lets only #rrggbb through, lower-cased; anything else is the default', () => {
    expect(safeBrandColor('#AA3300')).toBe('#aa3300');
    for (const bad of [HOSTILE, 'red', '#abc', 'url(x)', '#aa3300 ', 42, null]) expect(safeBrandColor(bad)).toBe('#1d4ed8');
  });
});

describeEachDatabase('the brand colour on the help site and in the admin bar', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });

  it('a hostile colour is refused with a problem naming brand_color and the fix', async () => {
    const admin = await hd.authAs('admin');
    const res = await hd.app.inject({ method: 'PATCH', url: '/api/site/v1/options', headers: admin, payload: { brand_color: HOSTILE } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors[0]).toEqual({
      field: 'brand_color',
      pointer: '#/brand_color',
      detail: 'must be a colour as #rrggbb, for example #1d4ed8',
    });
  });

  it('pages link /site-brand.css naming the colour; the sheet sets it with readable text and is kept while current', async () => {
    await updateSiteOptions(hd.ctx.db, { brand_color: '#ffcc00' });
    const home = await hd.app.inject({ url: '/' });
    expect(home.body).toContain('<link rel="stylesheet" href="http://help.test/site-brand.css?v=ffcc00"/>');
    const sheet = await hd.app.inject({ url: '/site-brand.css?v=ffcc00' });
    expect(sheet.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(sheet.headers['cache-control']).toContain('immutable');
    expect(sheet.body).toBe(':root{--brand:#ffcc00;--on-brand:#000000}\n');
    // An old version's URL gets today's colour, and is not kept.
    expect((await hd.app.inject({ url: '/site-brand.css?v=1d4ed8' })).headers['cache-control']).toBe('no-cache');
  });

  it('a hostile colour stored past validation prints the default, never CSS or HTML', async () => {
    await writeOption(hd.ctx.db, 'brand_color', HOSTILE);
    const sheet = await hd.app.inject({ url: '/site-brand.css' });
    expect(sheet.body).toBe(':root{--brand:#1d4ed8;--on-brand:#ffffff}\n');
    const home = await hd.app.inject({ url: '/' });
    expect(home.body).not.toContain('alert(1)');
    expect(home.body).toContain('site-brand.css?v=1d4ed8');
    expect((await hd.app.inject({ url: '/api/helpdesk/v1/me' })).json().site.brand_color).toBe('#1d4ed8');
  });

  it('GET /me tells the admin app the site name, colour and logo', async () => {
    await updateSiteOptions(hd.ctx.db, { site_name: 'Acme', brand_color: '#aa3300' });
    const version = await saveSiteLogo(hd.ctx.db, solidPng(4, 4, [1, 2, 3]));
    const me = await hd.app.inject({ url: '/api/helpdesk/v1/me', headers: await hd.authAs('agent') });
    expect(me.json().site).toEqual({ name: 'Acme', brand_color: '#aa3300', logo_url: `http://help.test/site-logo?v=${version}` });
  });
});
