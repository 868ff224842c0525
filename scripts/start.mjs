// npm start: build the console when it is not built or older than its sources, then run the server
// (TypeScript through tsx).
import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { consoleBuildNeeded } from './console-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A WEB_DIST of your own is yours to build; only the checkout's console is built here.
const dist = path.join(root, 'apps/web/dist');
const needed = process.env.WEB_DIST ? null : consoleBuildNeeded(root, dist);
if (needed) {
  console.log(
    needed === 'missing'
      ? 'building the web console (first start)…'
      : 'building the web console (its sources changed since it was built)…',
  );
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}
register();
await import('../apps/server/src/main.ts');
