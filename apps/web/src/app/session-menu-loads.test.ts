/**
 * A menu load that started under one session and ends under another (the user signed in again while
 * the menus were on their way) writes nothing: the old user's menus are not shown to the new user,
 * and the old token's 401 does not sign the new user out. Loads asked for one session while its
 * menus are on their way share one request (noticed in session 13: menus fetched twice when a page
 * was opened while sign-in waited for who-am-I).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { configureClient } from '../api/client';
import { createFakeXhr, fail, heldBack, ok, type Answer } from '../test/fake-xhr';
import { cleanupSession, loadMenusAndPermissions } from './session';
import { permissionStore } from './stores/permission-store';
import { userStore } from './stores/user-store';

const menu = (id: string, url: string, name: string) => ({
  id,
  menuId: id,
  parentId: '0',
  name,
  twName: name,
  enName: name,
  url,
  icon: '',
  type: 1,
  orderNum: 0,
  menuList: [],
});

/** Menu requests sent since the test began. */
let navRequests = 0;

/** Answers each request; the menu request waits until `release` is called. */
function serve(nav: Answer) {
  const held = heldBack();
  const fake = createFakeXhr(async (req) => {
    const path = req.url.split('?')[0];
    if (path === '/api/coffee/menu/nav') {
      navRequests++;
      await held.until;
      return nav;
    }
    if (path === '/api/coffee/user/permission') return ok(['sys:role:list']);
    return ok({ userId: '1', account: 'a', name: 'A', partnerType: 'platform' });
  });
  configureClient({ createXhr: fake.createXhr });
  return held.release;
}

/** What startSession does for the next user, without its who-am-I request. */
function signInAgain(token: string) {
  cleanupSession();
  userStore.getState().setToken(token);
}

afterEach(() => {
  cleanupSession();
  navRequests = 0;
});

describe('a menu load superseded by another sign-in', () => {
  it('does not write the old user’s menus', async () => {
    userStore.getState().setToken('token-a');
    const release = serve(ok([menu('1', 'role/list', 'Role Management of A')]));
    const loading = loadMenusAndPermissions();
    signInAgain('token-b');
    release();
    expect(await loading).toBe('superseded');
    const perms = permissionStore.getState();
    expect(perms.menus).toEqual([]);
    expect(perms.permissions).toEqual([]);
    expect(perms.loaded, 'the new session loads its own').toBe(false);
    expect(userStore.getState().token).toBe('token-b');
  });

  it('does not sign the new user out when the old token is refused', async () => {
    userStore.getState().setToken('token-a');
    const release = serve(fail(401, 'Login permission expired'));
    const loading = loadMenusAndPermissions();
    signInAgain('token-b');
    release();
    expect(await loading).toBe('superseded');
    expect(userStore.getState().token).toBe('token-b');
  });

  it('loads the menus of a session that stays', async () => {
    userStore.getState().setToken('token-a');
    const release = serve(ok([menu('1', 'role/list', 'Role Management')]));
    const loading = loadMenusAndPermissions();
    release();
    expect(await loading).toBe('ok');
    expect(permissionStore.getState().menus.map((m) => m.name)).toEqual(['Role Management']);
    expect(permissionStore.getState().permissions).toEqual(['sys:role:list']);
    expect(permissionStore.getState().loaded).toBe(true);
  });
});

describe('menu loads while the menus are on their way', () => {
  it('share one request for the same session (a page opened while sign-in waited for who-am-I)', async () => {
    userStore.getState().setToken('token-a');
    const release = serve(ok([menu('1', 'role/list', 'Role Management')]));
    const opened = loadMenusAndPermissions();
    const signedIn = loadMenusAndPermissions();
    release();
    expect(await opened).toBe('ok');
    expect(await signedIn).toBe('ok');
    expect(navRequests).toBe(1);
    expect(permissionStore.getState().menus.map((m) => m.name)).toEqual(['Role Management']);
  });

  it('do not share across sessions: the next user’s load is its own', async () => {
    userStore.getState().setToken('token-a');
    const release = serve(ok([menu('1', 'role/list', 'Role Management')]));
    const old = loadMenusAndPermissions();
    signInAgain('token-b');
    const next = loadMenusAndPermissions();
    release();
    expect(await old).toBe('superseded');
    expect(await next).toBe('ok');
    expect(navRequests).toBe(2);
    expect(permissionStore.getState().loaded).toBe(true);
  });

  it('start again once the last one has ended', async () => {
    userStore.getState().setToken('token-a');
    const release = serve(ok([menu('1', 'role/list', 'Role Management')]));
    release();
    expect(await loadMenusAndPermissions()).toBe('ok');
    permissionStore.getState().reset();
    expect(await loadMenusAndPermissions()).toBe('ok');
    expect(navRequests).toBe(2);
  });
});
