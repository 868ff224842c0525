import { beforeEach, describe, expect, it } from 'vitest';
import { configureClient } from '../../api/client';
import { createFakeXhr, fail, ok, type Answer, type SentRequest } from '../../test/fake-xhr';
import { permissionStore } from '../stores/permission-store';
import { userStore } from '../stores/user-store';
import { guardLoader } from './guard';

const NAV = [
  {
    id: '1000',
    menuId: '1000',
    parentId: '0',
    name: '首页',
    twName: '首頁',
    enName: 'Homepage',
    url: 'home',
    icon: 'home',
    type: 1,
    orderNum: 0,
    menuList: [],
  },
  {
    id: '1111',
    menuId: '1111',
    parentId: '1110',
    name: '账号列表',
    twName: '帳號列表',
    enName: 'Account List',
    url: 'account/list',
    icon: 'user',
    type: 1,
    orderNum: 0,
    menuList: [],
  },
];
const USER = {
  userId: '1',
  account: 'admin',
  name: 'Admin',
  partnerId: null,
  partnerType: 'platform',
  partnerName: null,
  partnerIcon: null,
};

function answer(routes: Record<string, Answer>) {
  const fake = createFakeXhr((req: SentRequest) => routes[req.url.split('?')[0]] ?? fail(404, 'nope'));
  configureClient({
    createXhr: fake.createXhr,
    getToken: () => userStore.getState().token,
    notifyError: () => undefined,
    onUnauthorized: () => undefined,
  });
  return fake.sent;
}

const request = (path: string) => new Request(`http://localhost${path}`);

async function redirectOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (thrown) {
    return (thrown as Response).headers.get('Location');
  }
}

beforeEach(() => {
  userStore.getState().clear();
  permissionStore.getState().reset();
});

describe('route guard', () => {
  it('sends a visitor without a token to login, remembering the page', async () => {
    const sent = answer({});
    expect(await redirectOf(guardLoader({ request: request('/account-list') }))).toBe(
      '/login?redirect=%2Faccount-list',
    );
    userStore.setState({ token: '  ' });
    expect(await redirectOf(guardLoader({ request: request('/home') }))).toBe('/login?redirect=%2Fhome');
    expect(sent).toHaveLength(0);
  });

  it('fetches the nav tree and permissions once, making routes', async () => {
    userStore.getState().setToken('tok');
    const sent = answer({
      '/api/coffee/menu/nav': ok(NAV),
      '/api/coffee/user/permission': ok(['coffee:account:list']),
      '/api/auth/getUserInfo': ok(USER),
    });
    expect(await redirectOf(guardLoader({ request: request('/home') }))).toBeNull();
    expect(permissionStore.getState()).toMatchObject({ loaded: true, permissions: ['coffee:account:list'] });
    expect(permissionStore.getState().routes.map((r) => r.path)).toEqual(['/home', '/account-list']);
    await guardLoader({ request: request('/account-list') });
    expect(sent.filter((r) => r.url.includes('/menu/nav'))).toHaveLength(1);
  });

  it('goes on with empty menus when the menu answer is not 200', async () => {
    userStore.getState().setToken('tok');
    answer({
      '/api/coffee/menu/nav': fail(500, 'Internal server error'),
      '/api/coffee/user/permission': ok(['x']),
    });
    expect(await redirectOf(guardLoader({ request: request('/home') }))).toBeNull();
    expect(permissionStore.getState()).toMatchObject({ loaded: true, menus: [], permissions: [] });
  });

  it('goes to login when the menu request fails', async () => {
    userStore.getState().setToken('tok');
    answer({ '/api/coffee/menu/nav': 'network-error' });
    expect(await redirectOf(guardLoader({ request: request('/home') }))).toBe('/login?redirect=%2Fhome');
    expect(userStore.getState().token).toBe('');
  });

  it('keeps the menus but no permissions when the permission call fails', async () => {
    userStore.getState().setToken('tok');
    answer({
      '/api/coffee/menu/nav': ok(NAV),
      '/api/coffee/user/permission': fail(500, 'x'),
      '/api/auth/getUserInfo': ok(USER),
    });
    await guardLoader({ request: request('/home') });
    expect(permissionStore.getState().menus).toHaveLength(2);
    expect(permissionStore.getState().permissions).toEqual([]);
  });
});
