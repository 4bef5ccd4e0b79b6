import { expect, it } from 'vitest';
import { DEFAULT_TICKET_FORM_FIELDS } from '../settings/default-schema.js';
import { updateSettings } from '../settings/settings.js';
import { updateSiteOptions } from '../settings/site-options.js';
import { firstTermId, makeProduct, relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

const FORM = '/api/helpdesk/v1/tickets/form/';
const TICKETS = '/api/helpdesk/v1/tickets/';

// The owner's changes from the issue: "Order ID" renamed, Reason made required, a required custom field.
const OWNER_FIELDS = [
  ...DEFAULT_TICKET_FORM_FIELDS.map((f) =>
    f.key === 'order_id' ? { ...f, label: 'Order number' } : f.key === 'reason' ? { ...f, required: true } : f,
  ),
  { key: 'plan', label: 'Your plan', type: 'select', required: true, options: ['Free', 'Pro'] },
  { key: 'site_url', label: 'Your site address', type: 'text', required: false },
  { key: 'agree', label: 'I read the FAQ', type: 'checkbox', required: false },
];

describeEachDatabase('GET /tickets/form/ and the ticket route follow the owner’s form', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });

  it('describes labels, required flags, custom fields and the lists, with the site name and colour; public and cacheable', async () => {
    await makeProduct(hd.ctx, 'Storefront');
    await updateSiteOptions(hd.ctx.db, { site_name: 'Acme', brand_color: '#aa3300' });
    await updateSettings(hd.ctx, { tickets: { form_fields: OWNER_FIELDS } });
    const res = await hd.app.inject({ method: 'GET', url: FORM, headers: { origin: 'https://shop.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(res.headers.etag).toBeTruthy();
    const form = res.json() as { site: object; fields: Array<Record<string, unknown>> };
    expect(form.site).toEqual({ name: 'Acme', brand_color: '#aa3300', language: 'en' });
    const byName = Object.fromEntries(form.fields.map((f) => [f.name, f]));
    expect(byName.order_id).toMatchObject({ label: 'Order number', type: 'text', required: false, builtin: true, max: 100 });
    expect(byName.reason).toMatchObject({ label: 'Reason', type: 'select', required: true });
    expect(((byName.reason?.choices ?? []) as Array<{ label: string }>).map((c) => c.label)).toContain('Billing');
    expect(byName.product?.choices).toEqual([{ value: expect.any(String), label: 'Storefront' }]);
    expect(byName.custom_plan).toEqual({
      name: 'custom_plan',
      label: 'Your plan',
      type: 'select',
      required: true,
      builtin: false,
      choices: [
        { value: 'Free', label: 'Free' },
        { value: 'Pro', label: 'Pro' },
      ],
    });
    expect(byName.custom_agree).toMatchObject({ type: 'checkbox', required: false });
    const again = await hd.app.inject({ method: 'GET', url: FORM, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('tells the widget what a visitor may attach (Tickets → Attachments), so it can name a refused file before sending', async () => {
    const read = async () => ((await hd.app.inject({ method: 'GET', url: FORM })).json() as { attachments: unknown }).attachments;
    expect(await read()).toEqual({
      allowed: true,
      max_file_bytes: 10 * 1_048_576,
      max_files: 5,
      kinds: expect.stringContaining('images'),
      min_fill_ms: 1000,
    });
    await updateSettings(hd.ctx, {
      tickets: {
        attachments_anonymous: false,
        attachment_max_file_mb: 2,
        attachment_max_files: 3,
        attachment_types_pdf: false,
        min_fill_seconds: 2,
      },
    });
    const changed = (await read()) as { allowed: boolean; max_file_bytes: number; max_files: number; kinds: string };
    // The minimum fill time too, so a send with files faster than it is stopped before the upload.
    expect(changed).toMatchObject({ allowed: false, max_file_bytes: 2 * 1_048_576, max_files: 3, min_fill_ms: 2000 });
    expect(changed.kinds).not.toContain('PDF');
  });

  it('the ticket route refuses a missing required field with a 400 naming it, and stores custom fields as meta', async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await updateSettings(hd.ctx, { tickets: { form_fields: OWNER_FIELDS } });
    const reason = await firstTermId(hd.ctx, 'ticket_reason');

    const missing = await hd.app.inject({ method: 'POST', url: TICKETS, payload: ticketPayload() });
    expect(missing.statusCode).toBe(400);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    const problem = missing.json() as { errors: Array<{ field: string; detail: string }> };
    expect(problem.errors).toEqual([
      expect.objectContaining({ field: 'reason', detail: 'Reason is required.' }),
      expect.objectContaining({ field: 'custom_plan', detail: 'Your plan is required.' }),
    ]);

    const wrongChoice = await hd.app.inject({ method: 'POST', url: TICKETS, payload: ticketPayload({ reason, custom_plan: 'Gold' }) });
    expect(wrongChoice.statusCode).toBe(400);
    expect((wrongChoice.json() as { errors: Array<{ field: string }> }).errors[0]?.field).toBe('custom_plan');

    const form = new URLSearchParams({
      ...(ticketPayload() as Record<string, string>),
      reason: String(reason),
      custom_plan: 'Pro',
      custom_site_url: 'https://shop.example',
      custom_agree: '1',
      order_id: 'A-7',
    });
    const filed = await hd.app.inject({
      method: 'POST',
      url: TICKETS,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(filed.statusCode).toBe(201);
    const id = (filed.json() as { id: number }).id;
    const meta = await hd.ctx.db
      .selectFrom('post_meta')
      .select(['meta_key', 'meta_value'])
      .where('post_id', '=', id)
      .orderBy('meta_key')
      .execute();
    expect(meta).toEqual([
      { meta_key: 'custom_agree', meta_value: '1' },
      { meta_key: 'custom_plan', meta_value: 'Pro' },
      { meta_key: 'custom_site_url', meta_value: 'https://shop.example' },
      { meta_key: 'order', meta_value: 'A-7' },
    ]);
  });

  it('the agent’s ticket names each field value by the label the owner gives it now, not by its key', async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await updateSettings(hd.ctx, { tickets: { form_fields: OWNER_FIELDS } });
    const reason = await firstTermId(hd.ctx, 'ticket_reason');
    const filed = await hd.app.inject({
      method: 'POST',
      url: TICKETS,
      payload: ticketPayload({ reason, custom_plan: 'Pro', custom_site_url: 'https://shop.example', custom_agree: '1', order_id: 'A-7' }),
    });
    expect(filed.statusCode).toBe(201);
    const id = (filed.json() as { id: number }).id;
    const agent = await hd.authAs('agent');
    const read = async () => {
      const res = await hd.app.inject({ method: 'GET', url: `${TICKETS}${id}`, headers: agent });
      expect(res.statusCode).toBe(200);
      return res.json() as { meta: Record<string, string>; meta_labels: Record<string, string> };
    };
    const first = await read();
    expect(first.meta.custom_site_url).toBe('https://shop.example');
    expect(first.meta_labels).toEqual({
      custom_agree: 'I read the FAQ',
      custom_plan: 'Your plan',
      custom_site_url: 'Your site address',
      order: 'Order number',
    });

    // Renamed since: the new label. Removed since: a name made from the key, the value still shown.
    await updateSettings(hd.ctx, {
      tickets: {
        form_fields: OWNER_FIELDS.filter((f) => f.key !== 'agree').map((f) =>
          f.key === 'site_url' ? { ...f, label: 'Your website' } : f.key === 'order_id' ? { ...f, label: 'Invoice' } : f,
        ),
      },
    });
    const later = await read();
    expect(later.meta.custom_agree).toBe('1');
    expect(later.meta_labels).toEqual({
      custom_agree: 'Agree',
      custom_plan: 'Your plan',
      custom_site_url: 'Your website',
      order: 'Invoice',
    });
  });
});
