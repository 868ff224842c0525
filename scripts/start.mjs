// npm start: build the console when it is not built, then run the server (TypeScript through tsx).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A WEB_DIST of your own is yours to build; only the checkout's console is built here.
const dist = path.join(root, 'apps/web/dist');
if (!process.env.WEB_DIST && !fs.existsSync(path.join(dist, 'index.html'))) {
  console.log('building the web console (first start)…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}
register();
await import('../apps/server/src/main.ts');
