import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SEED_FILE_NAME = 'encryption-seed';

export interface InstallSeed {
  seed: string;
  /** True when this start had to make a new seed (first start, or the file was lost). */
  isNew: boolean;
}

/**
 * The install-time seed of `helpdesk_encryption_seed`: HELPDESK_ENCRYPTION_SEED when given, else 256
 * random bits kept in the data folder, made once. A lost file is replaced, never silently: the
 * caller reports which stored secrets became unreadable.
 */
export function loadInstallSeed(dataDir: string, fromEnv: string | undefined): InstallSeed {
  if (fromEnv) return { seed: fromEnv, isNew: false };
  const file = join(dataDir, SEED_FILE_NAME);
  if (existsSync(file)) return { seed: readFileSync(file, 'utf8').trim(), isNew: false };
  // The data folder holds the database and this seed: readable by the service's user only.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const seed = randomBytes(32).toString('hex');
  // Written aside, then linked into place: two processes of one data folder starting together (web
  // and worker) must agree on one seed, and neither may read the other's file half-written. link()
  // fails when the name exists, so the second one reads the first one's seed.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${seed}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temp, file);
    return { seed, isNew: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { seed: readFileSync(file, 'utf8').trim(), isNew: false };
  } finally {
    rmSync(temp, { force: true });
  }
}
