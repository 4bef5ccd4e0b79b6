import { parseArgs } from 'node:util';
import type { Translator } from '../common/i18n/translator.js';
import { accountCommandsUsage, runAccountCommand, usageLines } from './cli-account-commands.js';
import { cliTranslator } from './cli-language.js';
import { runMailReceive } from './cli-mail-command.js';
import { runOperationsCommand } from './cli-operations-command.js';
import type { Config } from './config/config-types.js';
import { ConfigError, loadConfig } from './config/load-config.js';
import { createDb } from './db/create-db.js';
import { migrateToLatest } from './db/migrate.js';
import type { UserRole } from './db/tables.js';
import { addUser } from './domain/people/add-user.js';
import { MIN_PASSWORD_LENGTH, setPasswordByEmail } from './domain/people/staff-users.js';
import { AppError, renderProblemText } from './errors.js';
import { renderOpenApiDocument } from './http/openapi/render-document.js';
import { listenForLiveEvents } from './live/listen-live-events.js';
import { createServiceContext, startService, startWorkerService } from './start-service.js';

const ENVIRONMENT = [
  'PORT, HELPDESK_HOME_URL, HELPDESK_DATA_DIR, DATABASE_URL, HELPDESK_CONFIG, LOG_LEVEL, SMTP_URL,',
  '  HELPDESK_SUPPORT_ADDRESS, HELPDESK_IMAP_URL, HELPDESK_IMAP_POLL_SECONDS',
].join('\n');

/** The usage text: the commands as typed, what each does in `t`'s language. */
function usage(t: Translator): string {
  const commands = usageLines([
    ['serve [--services=all|web|worker]', t.t('cli.usage.serve')],
    ['migrate', t.t('cli.usage.migrate')],
    ['openapi', t.t('cli.usage.openapi')],
    ['user add --email E --name N --role R', t.t('cli.usage.user_add')],
    ['user password --email E', t.t('cli.usage.user_password')],
    ['mail receive < message.eml', t.t('cli.usage.mail_receive')],
    ['backup FILE.tar.gz', t.t('cli.usage.backup')],
    ['restore FILE.tar.gz [--data-dir DIR] [--force]', t.t('cli.usage.restore')],
  ]);
  return (
    `${t.t('cli.usage.title', { command: `<${t.t('cli.usage.command_word')}>` })}\n\n${commands}\n${accountCommandsUsage(t)}\n\n` +
    t.t('cli.usage.environment', { variables: ENVIRONMENT })
  );
}

// A password never goes on the command line (shell history, process list): it is piped in.
async function readStdin(): Promise<string> {
  return (await readStdinBytes()).toString('utf8');
}

async function readStdinBytes(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Runs one CLI command; returns the process exit code. */
export async function runCli(
  argv: string[],
  out = console.log,
  err = console.error,
  readSecret: () => Promise<string> = readStdin,
  t: Translator = cliTranslator(),
): Promise<number> {
  const USAGE = usage(t);
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      label: { type: 'string' },
      'expires-in-days': { type: 'string' },
      services: { type: 'string' },
      'data-dir': { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  // "user disable <email>", "token revoke <id>": two words of command, then its argument.
  const [group, verb, argument, ...extra] = positionals;
  const command = [group, verb].filter(Boolean).join(' ') || 'serve';
  if (values.help) return (out(USAGE), 0);

  let config: Config;
  try {
    config = await loadConfig();
  } catch (error) {
    // A mail server retries a delivery that failed with 75: fixing the configuration loses no mail.
    if (error instanceof ConfigError) return (err(error.message), command === 'mail receive' ? 75 : 1);
    throw error;
  }

  if (command === 'serve') {
    const services = values.services ?? 'all';
    if (!['all', 'web', 'worker'].includes(services)) return (err(`${t.t('cli.serve.services')}\n\n${USAGE}`), 2);
    const service =
      services === 'worker'
        ? await startWorkerService(config)
        : await startService(config, console.log, { services: services as 'all' | 'web' });
    const shutdown = async (signal: string) => {
      out(t.t('cli.serve.stopping', { signal }));
      await service.stop();
      process.exit(0);
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
    return -1; // keep running
  }
  if (command === 'mail receive') return runMailReceive(config, readStdinBytes, out, err, t);
  if (group === 'backup' || group === 'restore') return runOperationsCommand(group, verb, values, config, out, err, USAGE);
  if (command === 'openapi') return (out(JSON.stringify(await renderOpenApiDocument(config), null, 2)), 0);

  const db = createDb({ ...config.databaseTuning, url: config.databaseUrl });
  let liveListener: { close(): Promise<void> } | null = null;
  try {
    await migrateToLatest(db);
    const ctx = await createServiceContext(db, config, err);
    // These end sign-ins: the running instances' open event streams must hear it now (NOTIFY), not at
    // their next heartbeat. On SQLite the service is another process the CLI cannot tell; the heartbeat does.
    if (db.storage.sharedByInstances && REVOKING_COMMANDS.has(command))
      liveListener = await listenForLiveEvents(config.databaseUrl, ctx.live, err);
    switch (command) {
      case 'migrate':
        out(t.t('cli.migrate.done'));
        return 0;
      case 'user add': {
        const role = values.role as UserRole;
        if (!values.email || !values.name || !['admin', 'agent', 'client'].includes(role)) return (err(USAGE), 2);
        const user = await addUser(ctx, { email: values.email, name: values.name, role });
        out(t.t('cli.user.added', { role: user.role, email: user.email, id: String(user.id) }));
        return 0;
      }
      case 'user password': {
        if (!values.email) return (err(USAGE), 2);
        const password = (await readSecret()).replace(/\r?\n$/, '');
        if (password.length < MIN_PASSWORD_LENGTH)
          return (
            err(
              t.t('cli.password.too_short', {
                min: MIN_PASSWORD_LENGTH,
                example: `echo '…' | helpdesk user password --email ${values.email}`,
              }),
            ),
            2
          );
        await setPasswordByEmail(ctx, values.email, password);
        out(t.t('cli.password.set', { email: values.email.trim().toLowerCase(), url: `${config.homeUrl}/admin/` }));
        return 0;
      }
      default: {
        const code = await runAccountCommand(command, { argument, extra, values }, ctx, out, err, t);
        if (code !== null) return code;
        err(`${t.t('cli.unknown_command', { command })}\n\n${USAGE}`);
        return 2;
      }
    }
  } catch (error) {
    if (error instanceof AppError) return (err(renderProblemText(t, error.detail)), 1);
    throw error;
  } finally {
    await liveListener?.close();
    await db.close();
  }
}

/** The commands that end an account's sign-ins (see above). */
const REVOKING_COMMANDS = new Set(['token revoke', 'user disable', 'user password']);
