/**
 * One server per embedded database. PGlite is PostgreSQL in single-user mode: it takes no lock on
 * its directory (PostgreSQL's postmaster.pid is written with a made-up pid), so a second process
 * opening the same DATA_DIR opens it too, and the two overwrite each other's pages, control file and
 * WAL: the directory ends up unreadable (seen here: "could not create directory base/5", "unexpected
 * data beyond EOF"; PGlite issues #709, #1106). `npm start` run again in a second terminal did that.
 *
 * So the embedded database is opened only by the process that holds `DATA_DIR/server.lock`: created
 * exclusively (O_EXCL), holding the process id, removed when the database is closed or the process
 * exits. A lock left by a process that is gone (killed, host restarted) is taken over; one whose
 * process is alive makes the open fail with a message naming the process. Liveness is this host's:
 * PGlite on a directory shared between hosts is not supported anyway.
 */
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'server.lock';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, holder: LockHolder) {
    super(
      `DATA_DIR ${dataDir} is in use by another BrewFleet server (process ${Number.isNaN(holder.pid) ? 'unknown' : holder.pid}, started ${holder.startedAt}): ` +
        'stop it first, or set DATA_DIR to another directory',
    );
    this.name = 'DataDirInUseError';
  }
}

interface LockHolder {
  pid: number;
  startedAt: string;
}

/** Directories this process holds: a second open in the same process is refused as well. */
const held = new Set<string>();

function readHolder(file: string): LockHolder | null {
  try {
    const holder = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return Number.isInteger(holder.pid)
      ? { pid: holder.pid!, startedAt: String(holder.startedAt ?? '?') }
      : null;
  } catch {
    // Gone meanwhile, or half written by a process that died while writing it.
    return null;
  }
}

/**
 * Whether the process that wrote a lock still runs. Signal 0 checks without signalling (EPERM: it
 * runs as another user). On Linux a pid reused by another program after a restart is told apart by
 * its command line: the server runs under Node.
 */
function alive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return /node/i.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    // No /proc (macOS, Windows): signal 0 is all there is.
    return true;
  }
}

/** Takes DATA_DIR's lock for this process; the returned function gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  if (held.has(dir)) throw new DataDirInUseError(dataDir, { pid: process.pid, startedAt: 'in this process' });
  const mine: LockHolder = { pid: process.pid, startedAt: new Date().toISOString() };
  // Twice at most: a stale lock is removed, then created afresh; a process that wins that race holds it.
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, `${JSON.stringify(mine)}\n`, { flag: 'wx', mode: 0o644 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && alive(holder.pid)) throw new DataDirInUseError(dataDir, holder);
      if (attempt > 0) throw new DataDirInUseError(dataDir, holder ?? { pid: NaN, startedAt: 'just now' });
      fs.rmSync(file, { force: true });
    }
  }
  held.add(dir);
  const release = () => {
    process.off('exit', release);
    if (!held.delete(dir)) return;
    // Only our own: never a lock another process took over meanwhile.
    if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
  // process.exit() skips the close: the lock goes with the process all the same.
  process.on('exit', release);
  return release;
}
