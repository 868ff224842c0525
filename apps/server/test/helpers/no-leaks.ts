/**
 * Setup file of every server test file (vitest.config.ts): after the file's own hooks, no app it
 * started may still be open. One left open is closed here and fails the file, naming the fix.
 */
import { afterAll } from 'vitest';
import { openTestApps } from './test-app.ts';

afterAll(async () => {
  if (!openTestApps.size) return;
  const left = [...openTestApps];
  await Promise.all(left.map((t) => t.close().catch(() => undefined)));
  throw new Error(
    `${left.length} test app(s) left open: close each app the file starts (startTestApp) in its afterAll`,
  );
});
