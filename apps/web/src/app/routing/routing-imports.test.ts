/**
 * The routing imports no circle: from every file of this folder, through the layout and every
 * screen it loads, no module comes back to one that is still importing it (the router once did,
 * through the layout's use of getRouter, and the page registry through the fixed routes).
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importsOf } from '../../test/import-cycles';

const SRC = resolve(__dirname, '../..');
const ROUTING = resolve(__dirname);
const starts = readdirSync(ROUTING)
  .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
  .map((name) => join(ROUTING, name));

describe('routing imports', () => {
  it('reach the layout and the feature screens, and close no circle', () => {
    const reached = new Set(starts.flatMap(importsOf));
    expect(reached).toContain(join(SRC, 'app/layout/MainLayout.tsx'));
    expect([...reached].some((file) => file.endsWith('features/device/screens.ts'))).toBe(true);
    expect(importCycles(starts, SRC)).toEqual([]);
  });

  it('would see a circle, type-only or lazy', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import type { B } from './b';\nexport type A = B;\n");
      writeFileSync(join(dir, 'b.ts'), "export type B = 1;\nexport const load = () => import('./a');\n");
      writeFileSync(join(dir, 'c.ts'), "// import './a';\nexport const c = 1;\n");
      expect(importCycles([join(dir, 'a.ts')], dir)).toEqual([['a.ts', 'b.ts']]);
      expect(importCycles([join(dir, 'c.ts')], dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
