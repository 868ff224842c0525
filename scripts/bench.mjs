#!/usr/bin/env node
/**
 * `npm run bench <name> [-- options]`: one entry for the benchmarks (each also has its own script,
 * `npm run bench:<name>`). Without a name, lists them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const scripts = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts;
const benches = Object.keys(scripts)
  .filter((s) => s.startsWith('bench:'))
  .map((s) => s.slice('bench:'.length));
const [name, ...rest] = process.argv.slice(2);
if (!name || !benches.includes(name)) {
  if (name) console.error(`no benchmark called ${name}`);
  console.log(`benchmarks: ${benches.join(', ')}\nrun one: npm run bench <name> [-- options]`);
  process.exit(name ? 1 : 0);
}
const run = spawnSync('npm', ['run', `bench:${name}`, ...(rest.length ? ['--', ...rest] : [])], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
