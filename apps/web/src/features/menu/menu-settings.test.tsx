import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '@brewfleet/contracts';
import { P } from '@brewfleet/contracts/permissions';
import { configureClient } from '../../api/client';
import { initI18n } from '../../app/i18n';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, ok } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import { menuNode } from '../../test/menu-nodes';
import MenuSettingsPage from './MenuSettingsPage';

let next = 1;
const node = (type: number, en: string, more: Partial<MenuNode> = {}, menuList: MenuNode[] = []) =>
  menuNode(String(next++), type, en, more, menuList);
const TREE = [
  node(0, 'Equipment', {}, [
    node(1, 'Device list', { url: 'device/list', perms: 'coffee:device:list' }, [
      node(2, 'Lock a machine', { perms: 'coffee:device:lock' }),
    ]),
    node(1, 'Machine map', { url: 'device/map' }),
  ]),
  node(0, 'System', {}, [
    node(1, 'Menu tree', { url: 'menu/list', perms: 'coffee:menu:list' }, [
      node(2, 'New menu', { perms: 'coffee:menu:create' }),
    ]),
  ]),
];

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  permissionStore.getState().reset();
});

const shown = (name: string) => screen.queryByText(name) !== null;

describe('menu settings', () => {
  it('opens with every page shown and buttons a click away; expands, collapses and finds menus', async () => {
    configureClient({
      createXhr: createFakeXhr((req) => ok(req.url.startsWith('/api/coffee/menu?') ? TREE : [])).createXhr,
      getToken: () => 't',
    });
    permissionStore.getState().setPermissions([P.menu.list]);
    renderPage(<MenuSettingsPage />);
    await screen.findByText('Device list');
    expect(['Equipment', 'Machine map', 'System', 'Menu tree'].every(shown)).toBe(true);
    expect(shown('Lock a machine') || shown('New menu')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    await screen.findByText('Lock a machine');
    expect(shown('New menu')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    await waitFor(() => expect(shown('Device list')).toBe(false));
    expect(shown('Equipment') && shown('System')).toBe(true);

    // By permission code: the button, with the page and directory above it, and nothing else.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find by name, address or permission code' }), {
      target: { value: 'device:LOCK' },
    });
    await screen.findByText('Lock a machine');
    expect(['Equipment', 'Device list'].every(shown)).toBe(true);
    expect(['Machine map', 'System', 'Menu tree', 'New menu'].some(shown)).toBe(false);

    // By a name in another language, or an address.
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'map' } });
    await screen.findByText('Machine map');
    expect(shown('Device list')).toBe(false);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'tree tw' } });
    await screen.findByText('Menu tree');
    expect(shown('New menu')).toBe(true);
    expect(shown('Equipment')).toBe(false);
  }, 20_000);
});
