import type { Config } from './config/config-types.js';
import { loadConfig } from './config/load-config.js';
import { createBackup, OperationError } from './operations/backup.js';
import { restoreBackup } from './operations/restore.js';

/**
 * `helpdesk backup FILE` and `helpdesk restore FILE [--data-dir DIR] [--force]`. Restore reads the
 * configuration again with HELPDESK_DATA_DIR=DIR when given, so the database and files land where a
 * service started with that folder looks for them. Exit 1 with the reason in plain words on failure.
 */
export async function runOperationsCommand(
  command: 'backup' | 'restore',
  file: string | undefined,
  values: { 'data-dir'?: string; force?: boolean },
  config: Config,
  out: (line: string) => void,
  err: (line: string) => void,
  usage: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  if (!file) {
    err(usage);
    return 2;
  }
  try {
    if (command === 'backup') await createBackup(config, file, out);
    else {
      const target = values['data-dir'] ? await loadConfig({ ...env, HELPDESK_DATA_DIR: values['data-dir'] }) : config;
      await restoreBackup(target, file, { force: values.force }, out);
    }
    return 0;
  } catch (error) {
    if (error instanceof OperationError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
}
