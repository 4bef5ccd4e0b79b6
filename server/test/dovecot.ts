import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort } from './smtp-sink.js';

export const DOVECOT_BINARY = '/usr/sbin/dovecot';

/** A private Dovecot IMAP server for one test: its own config, users and maildirs in a temp folder. */
export interface Dovecot {
  port: number;
  user: string;
  password: string;
  /** `imap://user:pass@127.0.0.1:port/INBOX`: plain IMAP on loopback, as HELPDESK_IMAP_URL takes it. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Whether the tests that need Dovecot can run. Missing outside CI: they are skipped with a printed
 * notice. Missing in CI (process.env.CI set): the suite fails, since `.ci/run` installs it.
 */
export function dovecotAvailable(): boolean {
  if (existsSync(DOVECOT_BINARY)) return true;
  if (process.env.CI) throw new Error(`${DOVECOT_BINARY} is missing; CI must install dovecot-imapd (.ci/run does).`);
  console.warn(`NOTICE: ${DOVECOT_BINARY} is not installed (apt-get install dovecot-imapd); the IMAP tests are skipped.`);
  return false;
}

// Dovecot drops privileges to its own users when started as root (and refuses mail access as uid 0);
// as anyone else it runs everything as that user.
function accounts(): { login: string; internal: string; uid: number; gid: number } {
  const uid = process.getuid?.() ?? 1000;
  const gid = process.getgid?.() ?? 1000;
  if (uid !== 0) {
    const name = execFileSync('id', ['-un']).toString().trim();
    return { login: name, internal: name, uid, gid };
  }
  const ids = (user: string) => execFileSync('id', [user]).toString();
  const dovecotUid = Number(/uid=(\d+)/.exec(ids('dovecot'))?.[1]);
  const dovecotGid = Number(/gid=(\d+)/.exec(ids('dovecot'))?.[1]);
  return { login: 'dovenull', internal: 'dovecot', uid: dovecotUid, gid: dovecotGid };
}

/** Starts Dovecot (IMAP with IDLE, no TLS) on a free loopback port with one user; resolves once it accepts connections. */
export async function startDovecot(): Promise<Dovecot> {
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-dovecot-'));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const user = 'helpdesk';
  const password = 'imap-test-password';
  const { login, internal, uid, gid } = accounts();
  const home = join(dir, 'home');
  mkdirSync(join(dir, 'run'), { mode: 0o755 });
  mkdirSync(join(dir, 'state'), { mode: 0o755 });
  mkdirSync(home, { mode: 0o755 });
  if (process.getuid?.() === 0) execFileSync('chown', [`${uid}:${gid}`, home]);
  writeFileSync(join(dir, 'users'), `${user}:{PLAIN}${password}::::::\n`);
  chmodSync(join(dir, 'users'), 0o644);
  const config = join(dir, 'dovecot.conf');
  writeFileSync(
    config,
    `instance_name = helpdesk-test-${port}
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = ${login}
default_internal_user = ${internal}
default_internal_group = ${internal === 'dovecot' ? 'dovecot' : execFileSync('id', ['-gn']).toString().trim()}
first_valid_uid = 1
mail_location = maildir:${home}/%u/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${home}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service pop3-login {
  inet_listener pop3 {
    port = 0
  }
}
service submission-login {
  inet_listener submission {
    port = 0
  }
}
service lmtp {
  unix_listener lmtp {
    mode = 0600
  }
}
`,
  );
  const child: ChildProcess = spawn(DOVECOT_BINARY, ['-F', '-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForPort(
      port,
      () => child.exitCode !== null,
      () => `${output}\n${readLog(dir)}`,
    );
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    user,
    password,
    url: `imap://${user}:${password}@127.0.0.1:${port}/INBOX`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readLog(dir: string): string {
  const log = join(dir, 'dovecot.log');
  return existsSync(log) ? readFileSync(log, 'utf8') : '';
}

// Polls by connecting (Dovecot has no readiness signal); gives up when the process ended or after 15 s.
async function waitForPort(port: number, hasExited: () => boolean, describe: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (await canConnect(port)) return;
    if (hasExited() || Date.now() > deadline) throw new Error(`Dovecot did not start on port ${port}:\n${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A connected IMAP client of the test's own on `dovecot` (plain IMAP on loopback, quiet): to put mail in and look. */
export async function connectTestImap(dovecot: Dovecot): Promise<ImapFlow> {
  const imap = new ImapFlow({
    host: '127.0.0.1',
    port: dovecot.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });
  await imap.connect();
  return imap;
}
