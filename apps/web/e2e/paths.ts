/** What the configuration, the global set-up and the fixtures agree on. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The platform administrator's password of the server under test (a fresh database each run). */
export const ADMIN_PASSWORD = 'E2e-Admin-Pass-2026';

/** The console served to the browser: WEB_DIST when set (a build of one's own), else dist/. */
export function consoleDist(): string {
  return process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(web, 'dist');
}

/**
 * Traces, screenshots and the JSON report: test-results/, or test-results/<WEB_DIST's name> for a
 * run with a console of its own, so that runs side by side do not clear each other's.
 */
export function resultsDir(): string {
  const results = path.join(web, 'test-results');
  return process.env.WEB_DIST ? path.join(results, path.basename(consoleDist())) : results;
}
