import { describe, expect, it } from 'vitest';
import type { MenuRoute } from './menu-routes';
import { routeMeta } from './route-meta';

const page = (name: string): MenuRoute => ({
  path: `/${name}`,
  name,
  menuId: name,
  kind: 'page',
  url: name,
  names: { en: name, zh: name, tw: name },
});
const routes = ['map', 'merchant-machine', 'device-list'].map(page);

describe('route meta', () => {
  it('gives the map and merchant machines no tab and no keep-alive (spec §2: "not a tab")', () => {
    for (const path of ['/map', '/merchant-machine'])
      expect(routeMeta(path, routes)).toMatchObject({ path, notTab: true, noCache: true });
  });

  it('keeps other menu pages as cached tabs', () => {
    const meta = routeMeta('/device-list', routes);
    expect(meta).toMatchObject({ path: '/device-list', noCache: false });
    expect(meta?.notTab).toBeUndefined();
  });
});
