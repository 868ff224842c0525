/**
 * Import circles among our own modules, found as madge finds them: every relative `import … from`,
 * `export … from`, side-effect import and `import()` (type-only imports too), and Vite's
 * `import.meta.glob()`, followed from some start files. Only .ts/.tsx files are followed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

const GLOB = /\bimport\.meta\.glob(?:<[^>]*>)?\(\s*['"]([^'"]+)['"]/g;

function resolveFile(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Files a glob such as `../../features/*\/screens.ts` matches (one `*` per path segment). */
function globFiles(from: string, pattern: string): string[] {
  let paths = [dirname(from)];
  for (const segment of pattern.split('/')) {
    if (!segment.includes('*')) {
      paths = paths.map((p) => resolve(p, segment)).filter((p) => existsSync(p));
      continue;
    }
    const matcher = new RegExp(`^${segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
    paths = paths.flatMap((p) =>
      statSync(p).isDirectory()
        ? readdirSync(p)
            .filter((name) => matcher.test(name))
            .map((name) => join(p, name))
        : [],
    );
  }
  return paths.filter((p) => /\.tsx?$/.test(p) && statSync(p).isFile());
}

/** The modules a file imports, as absolute paths. */
export function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found = new Set<string>();
  // TypeScript's own pre-processor: static, type-only, re-exported and dynamic imports, not comments.
  for (const { fileName } of ts.preProcessFile(source, true, true).importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const target = resolveFile(file, fileName);
    if (target) found.add(target);
  }
  for (const [, pattern] of source.matchAll(GLOB)) {
    if (pattern.startsWith('.')) for (const target of globFiles(file, pattern)) found.add(target);
  }
  return [...found];
}

/** Every import circle reachable from `starts`, each as the files around it (relative to `root`). */
export function importCycles(starts: string[], root: string): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of importsOf(file)) {
      const seen = state.get(next);
      if (seen === 'open') {
        cycles.push(stack.slice(stack.indexOf(next)).map((f) => f.slice(root.length + 1)));
      } else if (!seen) {
        visit(next);
      }
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const start of starts) if (!state.has(start)) visit(start);
  return cycles;
}
