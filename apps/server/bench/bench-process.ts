/**
 * What the HTTP benches (api.ts, orders-list.ts) share: each runs itself twice, as the measuring
 * parent and, with --serve, as the server child it measures; the parent stops the child at the end.
 */
import os from 'node:os';
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
