#!/usr/bin/env node
/**
 * Production bundle size: builds the console, then prints the gzip size of the initial JS (the entry
 * script and every module it preloads, i.e. what the first paint downloads) and of the largest chunk
 * that is loaded lazily. Pass --no-build to measure the existing dist/.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const BUDGET_KB = 250;

if (!process.argv.includes('--no-build')) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = new Set(
  [
    ...html.matchAll(
      /<(?:script[^>]*type="module"[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g,
    ),
  ].map((m) => m[1].replace(/^\.\//, '').replace(/^\//, '')),
);

const kb = (bytes) => (bytes / 1024).toFixed(1);
const sizes = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => {
    const raw = readFileSync(join(dist, 'assets', f));
    return { file: `assets/${f}`, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });

const first = sizes.filter((s) => initial.has(s.file));
const lazy = sizes.filter((s) => !initial.has(s.file)).sort((a, b) => b.gzip - a.gzip);
const total = first.reduce((sum, s) => sum + s.gzip, 0);
const totalRaw = first.reduce((sum, s) => sum + s.raw, 0);

console.log(
  `initial JS: ${kb(total)} KB gzip (${kb(totalRaw)} KB raw) in ${first.length} files — budget ${BUDGET_KB} KB`,
);
for (const s of first.sort((a, b) => b.gzip - a.gzip))
  console.log(`  ${s.file.padEnd(48)} ${kb(s.gzip).padStart(7)} KB gzip`);
if (lazy[0])
  console.log(`largest lazy chunk: ${lazy[0].file} ${kb(lazy[0].gzip)} KB gzip (${kb(lazy[0].raw)} KB raw)`);
console.log(`lazy chunks: ${lazy.length}, ${kb(lazy.reduce((sum, s) => sum + s.gzip, 0))} KB gzip in total`);
if (total / 1024 > BUDGET_KB) {
  console.error(`initial JS is over the ${BUDGET_KB} KB budget`);
  process.exitCode = 1;
}
