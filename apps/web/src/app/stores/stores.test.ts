import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { appStore, SIDEBAR_COOKIE } from './app-store';
import { layoutStore } from './layout-store';
import {
  clearPersistedStores,
  restorePersistedStores,
  savePersistedStores,
  saveStoresOnUnload,
} from './persistence';
import { hasPermission, permissionStore } from './permission-store';
import { tagsViewStore } from './tags-view-store';
import { hasToken, userStore } from './user-store';

beforeEach(() => {
  tagsViewStore.getState().reset();
  permissionStore.getState().reset();
  userStore.getState().clear();
  sessionStorage.clear();
});

describe('app store', () => {
  it('starts desktop, tw, medium, with no overlay', () => {
    const s = appStore.getState();
    expect(s.device).toBe('desktop');
    expect(s.language).toBe('tw');
    expect(s.size).toBe('medium');
    expect(s.loadingCount).toBe(0);
  });

  it('remembers the sidebar in a cookie and force-closes with or without animation', () => {
    appStore.setState({ sidebar: { opened: true, withoutAnimation: false } });
    appStore.getState().toggleSidebar();
    expect(appStore.getState().sidebar.opened).toBe(false);
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('0');
    appStore.getState().toggleSidebar();
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('1');
    appStore.getState().closeSidebar(true);
    expect(appStore.getState().sidebar).toEqual({ opened: false, withoutAnimation: true });
    appStore.getState().closeSidebar(false);
    expect(appStore.getState().sidebar.withoutAnimation).toBe(false);
  });

  it('counts overlapping loading overlays', () => {
    const s = appStore.getState();
    s.showLoading();
    s.showLoading();
    s.hideLoading();
    expect(appStore.getState().loadingCount).toBe(1);
    s.hideLoading();
    s.hideLoading();
    expect(appStore.getState().loadingCount).toBe(0);
  });
});

describe('tags view', () => {
  const home = { path: '/home', name: 'home', title: { key: 'routes.home' }, affix: true };
  const accounts = {
    path: '/account-list',
    name: 'account-list',
    title: { names: { en: 'Account List', zh: '账号列表', tw: '帳號列表' } },
  };

  it('adds a view once per path, titled from meta or no-name, cached unless noCache', () => {
    const s = tagsViewStore.getState();
    s.addView(home);
    s.addView(accounts);
    s.addView(accounts);
    s.addView({ path: '/x', name: 'x', noCache: true });
    const { visitedViews, cachedViews, activeTab } = tagsViewStore.getState();
    expect(visitedViews.map((v) => v.path)).toEqual(['/home', '/account-list', '/x']);
    expect(visitedViews[2].title).toEqual({ key: 'tags.noName' });
    expect(cachedViews).toEqual(['home', 'account-list']);
    expect(activeTab).toBe('/x');
  });

  it('closing the active view goes to its neighbour; closing another stays', () => {
    const s = tagsViewStore.getState();
    s.addView(home);
    s.addView(accounts);
    s.addView({ path: '/role-list', name: 'role-list' });
    expect(tagsViewStore.getState().delView('/account-list')).toBeNull();
    expect(tagsViewStore.getState().delView('/role-list')).toBe('/home');
    expect(tagsViewStore.getState().cachedViews).toEqual(['home']);
  });

  it('closes others and all, keeping the affixed homepage', () => {
    const s = tagsViewStore.getState();
    s.addView(home);
    s.addView(accounts);
    s.addView({ path: '/role-list', name: 'role-list' });
    tagsViewStore.getState().delOthersViews('/role-list');
    expect(tagsViewStore.getState().visitedViews.map((v) => v.path)).toEqual(['/home', '/role-list']);
    expect(tagsViewStore.getState().cachedViews).toEqual(['home', 'role-list']);
    expect(tagsViewStore.getState().delAllViews()).toBe('/home');
    expect(tagsViewStore.getState().visitedViews.map((v) => v.path)).toEqual(['/home']);
  });

  it('refresh bumps the view key', () => {
    tagsViewStore.getState().refreshView('/home');
    tagsViewStore.getState().refreshView('/home');
    expect(tagsViewStore.getState().refreshKeys['/home']).toBe(2);
  });
});

describe('layout store', () => {
  it('defaults to the inverse navbar and the dark sidebar', () => {
    const s = layoutStore.getState();
    expect(s.navbarLayout).toBe('inverse');
    expect(s.sidebarSkin).toBe('dark');
    expect(s.sidebarFold).toBe(false);
  });
});

describe('user store', () => {
  it('keeps the token in local storage and the token cookie; the guard needs it non-blank', () => {
    expect(hasToken()).toBe(false);
    userStore.getState().setToken('abc');
    expect(localStorage.getItem('token')).toBe('abc');
    expect(Cookies.get('token')).toBe('abc');
    expect(hasToken()).toBe(true);
    userStore.setState({ token: '   ' });
    expect(hasToken()).toBe(false);
  });

  it('logout clears token, partner id, type, name and icon', () => {
    const s = userStore.getState();
    s.setToken('abc');
    s.setUserInfo({
      userId: '1',
      account: 'm1',
      name: 'M',
      partnerId: '9',
      partnerType: 'merchant',
      partnerName: 'Bean Co',
      partnerIcon: 'http://x/i.png',
      superAdmin: false,
    });
    userStore.getState().clear();
    const after = userStore.getState();
    expect([after.token, after.partnerId, after.partnerType, after.partnerName, after.partnerIcon]).toEqual([
      '',
      '',
      '',
      '',
      '',
    ]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(Cookies.get('token')).toBeUndefined();
  });
});

describe('permissions', () => {
  it('answers hasPermission from the fetched list', () => {
    permissionStore.getState().setPermissions(['coffee:account:list']);
    expect(hasPermission('coffee:account:list')).toBe(true);
    expect(hasPermission('coffee:account:create')).toBe(false);
    expect(hasPermission(undefined)).toBe(false);
  });
});

describe('session storage', () => {
  it('saves the registered stores and restores them at start', () => {
    tagsViewStore.getState().addView({ path: '/role-list', name: 'role-list' });
    permissionStore.getState().setPermissions(['coffee:role:list']);
    permissionStore.getState().markLoaded();
    appStore.setState({ size: 'large' });
    savePersistedStores();
    tagsViewStore.getState().reset();
    permissionStore.getState().reset();
    appStore.setState({ size: 'medium' });
    restorePersistedStores();
    expect(tagsViewStore.getState().visitedViews.map((v) => v.path)).toEqual(['/role-list']);
    expect(permissionStore.getState()).toMatchObject({ loaded: true, permissions: ['coffee:role:list'] });
    expect(appStore.getState().size).toBe('large');
    clearPersistedStores();
    expect(sessionStorage.length).toBe(0);
  });

  it('writes before the page unloads', () => {
    const stop = saveStoresOnUnload();
    permissionStore.getState().setPermissions(['a']);
    window.dispatchEvent(new Event('beforeunload'));
    expect(sessionStorage.getItem('brewfleet:permission')).toContain('"a"');
    stop();
  });

  it('ignores a corrupt entry', () => {
    sessionStorage.setItem('brewfleet:tagsView', '{oops');
    expect(() => restorePersistedStores()).not.toThrow();
    expect(sessionStorage.getItem('brewfleet:tagsView')).toBeNull();
  });
});
