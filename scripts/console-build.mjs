// Whether the console must be built before the server serves it: never built, or built before the
// last change to what it is built from (a `git pull` brought new screens). Serving an old build to a
// new server would show screens that ask for what the API no longer answers, or miss what it added.
import fs from 'node:fs';
import path from 'node:path';

/** What the console is built from, relative to the repository's root. */
export const CONSOLE_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'package-lock.json',
];

/** The latest modification time under `target` (a file, or a folder walked whole), 0 if absent. */
function newest(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs; // a deleted file shows as its folder's change
  for (const entry of fs.readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

/** Why `dist` must be built now ('missing' or 'outdated'), or null when its build is current. */
export function consoleBuildNeeded(root, dist) {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return 'missing';
  const built = fs.statSync(index).mtimeMs;
  return CONSOLE_SOURCES.some((source) => newest(path.join(root, source)) > built) ? 'outdated' : null;
}
