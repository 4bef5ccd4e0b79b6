import { randomBytes } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * Which process stores a pending upload, as `<machine> <pid> <run>`, so a restarted helpdesk can tell an
 * upload cut off by a killed process (swept at once) from one still going in another instance (left
 * alone until the hour is up). The machine is the kernel's boot id and this process's pid namespace on
 * Linux: two containers, or two hosts, never share it, so a process id is only ever compared with the
 * processes it could be. Elsewhere the host name stands in. The run tells this process from an earlier
 * one that had the same pid (a container's pid 1 after a restart).
 */
const MACHINE = machineIdentity();
const RUN = randomBytes(8).toString('hex');

/** This process, as recorded on the pending uploads it stores. */
export const THIS_UPLOADER = `${MACHINE} ${process.pid} ${RUN}`;

/** The prefix of every uploader of this machine (and pid namespace): the only ones we can judge. */
export const THIS_MACHINE_PREFIX = `${MACHINE} `;

/**
 * True when the process that recorded `uploader` has certainly ended: it ran on this machine and
 * namespace, and its pid is now free or our own (with another run). Anything else (another machine, an
 * unreadable value, a live pid, which may be a reused one) is not known to be gone: the hour decides.
 */
export function isUploaderGone(uploader: string | null): boolean {
  if (!uploader?.startsWith(THIS_MACHINE_PREFIX)) return false;
  const [pidText, run] = uploader.slice(THIS_MACHINE_PREFIX.length).split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || !run) return false;
  if (pid === process.pid) return run !== RUN;
  return !isProcessAlive(pid);
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

function machineIdentity(): string {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const pidNamespace = readlinkSync('/proc/self/ns/pid').replace(/\D/g, '');
    if (boot && pidNamespace) return `${boot}/${pidNamespace}`;
  } catch {
    // Not Linux (or /proc hidden): fall back to the host name.
  }
  return `host:${hostname().replace(/\s/g, '')}`;
}
