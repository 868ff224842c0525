/**
 * One server per embedded database (platform/db/data-dir-lock.ts): PGlite takes no lock of its own,
 * and two processes on one DATA_DIR corrupt it. Opened through openPglite, as main.ts opens it; a
 * real second process holds the lock where another process is needed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/platform/db/client.ts';
import { DataDirInUseError, LOCK_FILE } from '../src/platform/db/data-dir-lock.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-lock-'));
  dirs.push(dir);
  return dir;
}
/** A live Node process that is not this one, as another server would be. */
async function otherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child;
}
const writeLock = (dir: string, pid: number) =>
  fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid, startedAt: '2026-11-25T08:00:00.000Z' }));

describe('the embedded database’s directory lock', () => {
  it('refuses a second open while the first is open, in this process too, and frees the directory on close', async () => {
    const dir = dataDir();
    const first = await openPglite(dir);
    const lock = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'));
    expect(lock.pid).toBe(process.pid);
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirInUseError);
    // The refused open changed nothing: the first still works and still holds the lock.
    await first.db.execute('create table kept (n int)');
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(true);
    await first.close();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);

    const again = await openPglite(dir);
    const { rows } = await again.pglite!.query<{ n: number }>('select count(*)::int as n from kept');
    expect(rows[0].n).toBe(0);
    await again.close();
  }, 30_000);

  it('names the live process that holds it, and takes over once that process is gone', async () => {
    const dir = dataDir();
    const other = await otherProcess();
    writeLock(dir, other.pid!);
    const refused = await openPglite(dir).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toBe(
      `DATA_DIR ${dir} is in use by another BrewFleet server (process ${other.pid}, started 2026-11-25T08:00:00.000Z): ` +
        'stop it first, or set DATA_DIR to another directory',
    );
    // Nothing was opened: PGlite never made its files.
    expect(fs.existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(false);

    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));
    const database = await openPglite(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    await database.close();
  }, 30_000);

  it('takes over a lock left unreadable, or naming a program that is not a server', async () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), '{"pid":');
    await (await openPglite(dir)).close();
    // pid 1 runs, but it is init (or a container's first program), not Node.
    const init = fs.existsSync('/proc/1/cmdline') ? fs.readFileSync('/proc/1/cmdline', 'utf8') : 'node';
    if (!/node/i.test(init)) {
      writeLock(dir, 1);
      await (await openPglite(dir)).close();
    }
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 30_000);
});
