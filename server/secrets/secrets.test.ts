import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readOption } from '../domain/options.js';
import { findSecretSetting, listUnreadableSecrets, SECRET_MASK, updateSettings } from '../settings/settings.js';
import { createServiceContext } from '../start-service.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { loadInstallSeed, SEED_FILE_NAME } from './install-seed.js';
import { decryptSecret, encryptSecret } from './secret-box.js';

const SEED = 'a'.repeat(64);

describe('secret box (AES-256-GCM, key from HKDF-SHA256 of the seed)', () => {
  it('round-trips, and refuses another seed, another setting or a changed byte', () => {
    const ciphertext = encryptSecret(SEED, 'ai.api_key', 'sk-live-123');
    expect(ciphertext).not.toContain('sk-live');
    expect(encryptSecret(SEED, 'ai.api_key', 'sk-live-123')).not.toBe(ciphertext);
    expect(decryptSecret(SEED, 'ai.api_key', ciphertext)).toBe('sk-live-123');
    expect(decryptSecret('b'.repeat(64), 'ai.api_key', ciphertext)).toBeNull();
    expect(decryptSecret(SEED, 'emails.smtp_password', ciphertext)).toBeNull();
    const bytes = Buffer.from(ciphertext.slice(3), 'base64url');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(decryptSecret(SEED, 'ai.api_key', `v1.${bytes.toString('base64url')}`)).toBeNull();
    expect(decryptSecret(SEED, 'ai.api_key', 'v1.garbage')).toBeNull();
    expect(decryptSecret(SEED, 'ai.api_key', 'plain text')).toBeNull();
  });

  it('makes the install seed once (256 bits, owner-only file) and prefers HELPDESK_ENCRYPTION_SEED', () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpdesk-seed-'));
    const first = loadInstallSeed(dir, undefined);
    expect(first).toEqual({ seed: expect.stringMatching(/^[0-9a-f]{64}$/), isNew: true });
    // Written aside and linked into place: nothing but the seed file is left behind.
    expect(readdirSync(dir)).toEqual([SEED_FILE_NAME]);
    expect(loadInstallSeed(dir, undefined)).toEqual({ seed: first.seed, isNew: false });
    expect(loadInstallSeed(dir, 'from-the-environment-seed')).toEqual({ seed: 'from-the-environment-seed', isNew: false });
    rmSync(dir, { recursive: true, force: true });
  });
});

describeEachDatabase('secret settings', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let admin: { authorization: string };
  beforeAll(async () => {
    admin = await hd.authAs('admin');
  });
  const settings = async () => (await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/settings', headers: admin })).json();
  const patch = (payload: object) => hd.app.inject({ method: 'PATCH', url: '/api/helpdesk/v1/settings', headers: admin, payload });

  it('are stored encrypted, returned masked, kept when the mask comes back, and cleared with ""', async () => {
    expect((await settings()).ai.api_key).toBe('');
    expect((await patch({ ai: { api_key: 'sk-live-123' } })).json().ai.api_key).toBe(SECRET_MASK);
    expect(JSON.stringify(await readOption(hd.ctx.db, 'helpdesk_settings'))).not.toContain('sk-live-123');
    expect(await findSecretSetting(hd.ctx, 'ai', 'api_key')).toBe('sk-live-123');
    await patch({ ai: { api_key: SECRET_MASK } });
    expect(await findSecretSetting(hd.ctx, 'ai', 'api_key')).toBe('sk-live-123');
    await patch({ ai: { api_key: '' } });
    expect(await findSecretSetting(hd.ctx, 'ai', 'api_key')).toBeNull();
    expect((await settings()).ai.api_key).toBe('');
  });

  it('a filter that changes the seed makes stored secrets unreadable: listed for the admin, the service keeps running', async () => {
    await updateSettings(hd.ctx, { ai: { api_key: 'sk-live-456' } });
    hd.hooks.addFilter('helpdesk_encryption_seed', 'test/rotate', (seed) => `${seed}-changed`);
    try {
      expect(await findSecretSetting(hd.ctx, 'ai', 'api_key')).toBeNull();
      expect(await listUnreadableSecrets(hd.ctx)).toEqual(['ai.api_key']);
      const res = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/settings/secrets', headers: admin });
      expect(res.json()).toEqual({ unreadable: ['ai.api_key'] });
      expect(JSON.stringify(await settings())).not.toContain('sk-live-456');
      // Entering it again under the new seed makes it readable.
      await patch({ ai: { api_key: 'sk-live-789' } });
      expect(await findSecretSetting(hd.ctx, 'ai', 'api_key')).toBe('sk-live-789');
    } finally {
      hd.hooks.removeFilter('helpdesk_encryption_seed', 'test/rotate');
    }
    expect(await listUnreadableSecrets(hd.ctx)).toEqual(['ai.api_key']);
  });

  it('instances with different seeds on one database: the one that disagrees warns at start, before any secret is lost', async () => {
    const seedA = 'seed-of-instance-a-0123456789';
    const seedB = 'seed-of-instance-b-0123456789';
    const start = async (encryptionSeed: string) => {
      const lines: string[] = [];
      const ctx = await createServiceContext(hd.db, { ...hd.config, encryptionSeed }, (line) => lines.push(line));
      return { ctx, warned: lines.some((line) => line.includes('HELPDESK_ENCRYPTION_SEED')) };
    };
    await updateSettings(hd.ctx, { ai: { api_key: '' } });
    await hd.ctx.db.deleteFrom('options').where('name', '=', 'encryption_seed_check').execute();
    expect((await start(seedA)).warned).toBe(false);
    expect((await start(seedA)).warned).toBe(false);
    const b = await start(seedB);
    expect(b.warned).toBe(true);
    // A secret saved through B records B's seed: now A is the one out of step.
    await updateSettings(b.ctx, { ai: { api_key: 'sk-from-b' } });
    await updateSettings(b.ctx, { ai: { api_key: '' } });
    expect((await start(seedB)).warned).toBe(false);
    expect((await start(seedA)).warned).toBe(true);
  });

  it('a lost seed file with secrets stored: a new seed, and a warning naming the secrets, never their values', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-seed-'));
    const lines: string[] = [];
    const config = { ...hd.config, dataDir, encryptionSeed: null };
    try {
      const first = await createServiceContext(hd.db, config, (line) => lines.push(line));
      await updateSettings(first, { ai: { api_key: 'sk-live-lost' } });
      expect(await findSecretSetting(first, 'ai', 'api_key')).toBe('sk-live-lost');
      const oldSeed = readFileSync(join(dataDir, SEED_FILE_NAME), 'utf8');
      rmSync(join(dataDir, SEED_FILE_NAME));

      const second = await createServiceContext(hd.db, config, (line) => lines.push(line));
      expect(existsSync(join(dataDir, SEED_FILE_NAME))).toBe(true);
      expect(readFileSync(join(dataDir, SEED_FILE_NAME), 'utf8')).not.toBe(oldSeed);
      expect(await findSecretSetting(second, 'ai', 'api_key')).toBeNull();
      expect(lines.join('\n')).toMatch(/ai\.api_key.*Enter them again/);
      expect(lines.join('\n')).toMatch(/was missing/);
      expect(lines.join('\n')).not.toContain('sk-live-lost');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
