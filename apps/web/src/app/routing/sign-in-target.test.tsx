/**
 * The sign-in page, in a router with the real guard, opens the address the user is at when the
 * sign-in ends: one opened while signing in wins over the page the form was submitted for.
 */
import { generateKeyPairSync } from 'node:crypto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureClient } from '../../api/client';
import LoginPage from '../../features/login/LoginPage';
import { createFakeXhr, fail, ok, type SentRequest } from '../../test/fake-xhr';
import { initI18n } from '../i18n';
import { cleanupSession } from '../session';
import { permissionStore } from '../stores/permission-store';
import { userStore } from '../stores/user-store';
import { guardLoader } from './guard';
import { setActiveRouter } from './router-handle';
import { safeRedirect, signInTarget } from './sign-in-target';

const { publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const menu = (id: string, url: string, enName: string) => ({
  id,
  menuId: id,
  parentId: '0',
  name: enName,
  twName: enName,
  enName,
  url,
  icon: '',
  type: 1,
  orderNum: 0,
  menuList: [],
});
const ANSWERS: Record<string, ReturnType<typeof ok>> = {
  '/api/auth/publicKey': ok({ publicKey }),
  '/api/auth/doLogin': ok({ tokenValue: 'new-token' }),
  '/api/auth/getUserInfo': ok({ userId: '1', account: 'admin', name: 'Admin', partnerType: 'platform' }),
  '/api/coffee/menu/nav': ok([menu('1', 'home', 'Homepage'), menu('2', 'role/list', 'Role Management')]),
  '/api/coffee/user/permission': ok([]),
};

/** The request being held back, once one was sent: `open` lets it through. */
let held: { started: boolean; open: () => void } | null = null;

/**
 * Answers the console's requests (ANSWERS); those to `heldPath` wait, unanswered as on a slow
 * network, until `held.open()`. Returns what was sent.
 */
function serve(heldPath = ''): SentRequest[] {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const current = { started: false, open: () => open() };
  held = current;
  const fake = createFakeXhr((req) => ANSWERS[req.url.split('?')[0]] ?? fail(404, 'nope'));
  configureClient({
    createXhr: () => {
      const xhr = fake.createXhr() as XMLHttpRequest & { url: string };
      const send = xhr.send.bind(xhr);
      xhr.send = (body) => {
        if (xhr.url.split('?')[0] !== heldPath) return send(body);
        current.started = true;
        void gate.then(() => send(body));
      };
      return xhr;
    },
  });
  return fake.sent;
}

function renderLogin(at: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      {
        path: '/',
        loader: guardLoader,
        children: [
          { path: 'home', element: <h1>Home</h1> },
          { path: 'role-list', element: <h1>Roles</h1> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  setActiveRouter(router);
  render(<RouterProvider router={router} />);
  return router;
}

async function submit(): Promise<void> {
  fireEvent.change(await screen.findByLabelText('Account'), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeAll(() => initI18n('en'));
beforeEach(() => {
  cleanupSession();
  configureClient({
    getToken: () => userStore.getState().token,
    notifyError: () => undefined,
    onUnauthorized: () => undefined,
  });
});
afterEach(() => {
  held?.open();
  cleanup();
});

describe('after a sign-in', () => {
  it('opens the page named by the sign-in address, or home', async () => {
    serve();
    const router = renderLogin('/login?redirect=%2Frole-list');
    await submit();
    await screen.findByRole('heading', { name: 'Roles' });
    expect(router.state.location.pathname).toBe('/role-list');
    cleanup();
    const plain = renderLogin('/login');
    await submit();
    await screen.findByRole('heading', { name: 'Home' });
    expect(plain.state.location.pathname).toBe('/home');
  });

  it('keeps an address opened before the sign-in answered (the guard sent it back to sign-in)', async () => {
    serve('/api/auth/doLogin');
    const router = renderLogin('/login');
    await submit();
    await waitFor(() => expect(held?.started).toBe(true));
    // No token yet: the guard sends the address to the sign-in page, naming it.
    await act(() => router.navigate('/role-list'));
    expect(router.state.location.search).toBe('?redirect=%2Frole-list');
    held?.open();
    await screen.findByRole('heading', { name: 'Roles' });
    expect(router.state.location.pathname).toBe('/role-list');
  });

  it('keeps an address opened while the sign-in was reading who signed in (its menus loading)', async () => {
    serve('/api/auth/getUserInfo');
    const router = renderLogin('/login');
    await submit();
    await waitFor(() => expect(held?.started).toBe(true));
    // The token is kept: the guard loads the menus for this address (and waits for who signed in).
    act(() => void router.navigate('/role-list'));
    expect(router.state.navigation.location?.pathname).toBe('/role-list');
    held?.open();
    await screen.findByRole('heading', { name: 'Roles' });
    // Before the fix the page sent the address to /home once the sign-in ended.
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/role-list');
  });

  it('loads the new menus for an address opened over a previous session (signing in again)', async () => {
    const sent = serve('/api/auth/doLogin');
    userStore.setState({ token: 'old-token' });
    permissionStore.setState({ loaded: true });
    const router = renderLogin('/login');
    await submit();
    await waitFor(() => expect(held?.started).toBe(true));
    // The previous session's token and menus let the address through at once.
    await act(() => router.navigate('/role-list'));
    expect(router.state.location.pathname).toBe('/role-list');
    held?.open();
    // The sign-in clears them; the address, opened again, loads the menus of the new session.
    await waitFor(() => expect(permissionStore.getState().loaded).toBe(true));
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/role-list');
    const nav = sent.filter((req) => req.url.startsWith('/api/coffee/menu/nav'));
    expect(nav.map((req) => req.headers.token)).toEqual(['new-token']);
    screen.getByRole('heading', { name: 'Roles' });
  });

  it('redirects only within the console, and an address elsewhere to itself', () => {
    expect(safeRedirect('//example.com')).toBe('/home');
    expect(safeRedirect('https://example.com')).toBe('/home');
    expect(safeRedirect('/login')).toBe('/home');
    expect(safeRedirect('/device-list')).toBe('/device-list');
    const idle = { state: 'idle', location: undefined } as const;
    const at = (pathname: string, search = '') => ({ pathname, search, hash: '', state: null, key: 'k' });
    expect(
      signInTarget({ location: at('/login', '?redirect=%2F%2Fexample.com'), navigation: idle } as never),
    ).toBe('/home');
    expect(signInTarget({ location: at('/privacyAgreement'), navigation: idle } as never)).toBe(
      '/privacyAgreement',
    );
  });
});
