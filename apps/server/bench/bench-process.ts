/**
 * What the HTTP benches (api.ts, orders-list.ts) share: each runs itself twice, as the measuring
 * parent and, with --serve, as the server child it measures; the parent stops the child at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import type { ChildProcess } from 'node:child_process';

/** The 1-minute load average, two decimals: printed beside every figure. */
export const loadAverage = () => Math.round(os.loadavg()[0] * 100) / 100;

/** Ask the server child to stop, kill it after 30 s, and print the run's total time. */
export async function stopChild(child: ChildProcess, childExit: Promise<number | null>, started: number) {
  if (child.connected) child.send({ type: 'stop' });
  const code = await Promise.race([
    childExit,
    new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000)),
  ]);
  if (code === 'timeout') child.kill('SIGKILL');
  else if (code !== 0) console.error(`bench server exited with code ${code}`);
  console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Run as the server child (`serving`) or as the measuring parent. */
export function benchMain(serving: boolean, serve: () => Promise<void>, run: () => Promise<void>) {
  if (serving)
    serve().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('bench server failed:', error);
        process.exit(1);
      },
    );
  else
    run().catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}

/** CPU time spent during a phase, in µs: the server process and its PostgreSQL backends. */
export interface CpuSpent {
  serverUs: number;
  postgresUs: number;
}

/** User + system CPU of a process, in µs (Linux /proc; 0 elsewhere). */
export function processCpuUs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // clock ticks of 10 ms
  } catch {
    return 0;
  }
}

/**
 * CPU of the server process (`serverPid`, this one by default) and of the PostgreSQL backends
 * connected to the bench database (PostgreSQL on this host), from now until the returned function
 * is called. Backends opened during the phase count from zero.
 */
export async function startCpuCount(
  databaseUrl: string | null,
  serverPid = process.pid,
): Promise<() => Promise<CpuSpent>> {
  const backends = async () => {
    if (!databaseUrl) return [];
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const { rows } = await c.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await c.end();
    return rows.map((r) => r.pid);
  };
  const pgBefore = new Map((await backends()).map((pid) => [pid, processCpuUs(pid)]));
  const serverBefore = processCpuUs(serverPid);
  return async () => {
    const serverUs = processCpuUs(serverPid) - serverBefore;
    let postgresUs = 0;
    for (const pid of await backends()) postgresUs += processCpuUs(pid) - (pgBefore.get(pid) ?? 0);
    return { serverUs, postgresUs };
  };
}
