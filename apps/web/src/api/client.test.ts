import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import {
  buildUrl,
  configureClient,
  download,
  filenameFromDisposition,
  http,
  REQUEST_TIMEOUT_MS,
  withTimeZone,
} from './client';
import { createFakeXhr, fail, ok, type Answer, type SentRequest } from '../test/fake-xhr';

let token: string | null;
let toasts: Array<{ text: string; seconds: number }>;
let unauthorized: number;

function setup(handler: (req: SentRequest) => Answer) {
  const fake = createFakeXhr(handler);
  configureClient({
    createXhr: fake.createXhr,
    getToken: () => token,
    notifyError: (text, seconds) => toasts.push({ text, seconds }),
    translate: (key) => `t:${key}`,
    onUnauthorized: () => {
      unauthorized++;
    },
  });
  return fake.sent;
}

beforeEach(() => {
  token = 'tok-1';
  toasts = [];
  unauthorized = 0;
});

describe('headers and time zone', () => {
  it('sends token and loginType, and a 120 s timeout', async () => {
    const sent = setup(() => ok([]));
    await http.get('/coffee/user/permission');
    expect(sent[0].headers).toMatchObject({ token: 'tok-1', loginType: 'MachineSys' });
    expect(sent[0].timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(120000);
  });

  it('leaves the token header out when no token is stored', async () => {
    token = null;
    const sent = setup(() => ok({ publicKey: 'k' }));
    await http.get('/auth/publicKey');
    expect(sent[0].headers.token).toBeUndefined();
    expect(sent[0].headers.loginType).toBe('MachineSys');
  });

  it('puts timeZone on GET queries and POST bodies, but not on deletes', async () => {
    const sent = setup(() => ok(null));
    await http.get('/coffee/menu/nav');
    await http.post('/coffee/role/list', { page: 1 });
    await http.post('/coffee/role/delete', { ids: ['1'] });
    await http.post('/auth/logout');
    await http.delete('/coffee/role', { ids: ['1'] });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(sent[0].url).toBe(`/api/coffee/menu/nav?timeZone=${encodeURIComponent(zone)}`);
    expect(sent[1].body).toEqual({ page: 1, timeZone: zone });
    expect(sent[2].body).toEqual({ ids: ['1'] });
    expect(sent[3].url).toContain('timeZone=');
    expect(sent[4].body).toEqual({ ids: ['1'] });
    expect(sent[4].url).not.toContain('timeZone');
  });

  it('sends timeZone in the query of a multipart POST', () => {
    const form = new FormData();
    const result = withTimeZone(
      { method: 'POST', url: '/coffee/role/import', data: form, params: { dryRun: true } },
      'Asia/Taipei',
    );
    expect(result.params).toEqual({ dryRun: true, timeZone: 'Asia/Taipei' });
    expect(result.data).toBe(form);
  });

  it('builds query strings without empty values', () => {
    expect(buildUrl('/x', { a: 1, b: undefined, c: null, d: 'é' })).toBe('/api/x?a=1&d=%C3%A9');
  });
});

describe('answers', () => {
  it('resolves with data only for code 200, keeping big numbers exact', async () => {
    setup(() => ({
      status: 200,
      text: '{"code":200,"msg":"success","data":{"id":1864211870712434690,"n":5}}',
    }));
    await expect(http.get('/x')).resolves.toEqual({ id: '1864211870712434690', n: 5 });
  });

  it('fails when the body code is not 200 even with HTTP 200, toasting message before msg', async () => {
    setup(() => ({ status: 200, body: { code: 500, msg: 'msg text', message: 'message text' } }));
    await expect(http.get('/x')).rejects.toMatchObject({ code: 500, message: 'message text' });
    expect(toasts).toEqual([{ text: 'message text', seconds: 5 }]);
  });

  it('toasts msg and keeps field errors of a validation failure', async () => {
    setup(() => fail(400, 'Email error', { errors: [{ field: 'email', message: 'Email error' }] }));
    const error = (await http.post('/coffee/account', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.errors).toEqual([{ field: 'email', message: 'Email error' }]);
    expect(toasts).toEqual([{ text: 'Email error', seconds: 5 }]);
  });

  it('on 401 with a token: "Login permission expired", then logout', async () => {
    setup(() => fail(401, 'whatever the server says'));
    await expect(http.get('/coffee/menu/nav')).rejects.toMatchObject({ code: 401 });
    expect(toasts).toEqual([{ text: 't:errors.sessionExpired', seconds: 5 }]);
    expect(unauthorized).toBe(1);
  });

  it('shows the expiry message once when several calls fail together', async () => {
    const fake = createFakeXhr(() => fail(401, 'expired'));
    configureClient({
      createXhr: fake.createXhr,
      getToken: () => token,
      notifyError: (text, seconds) => toasts.push({ text, seconds }),
      translate: (key) => key,
      onUnauthorized: () => {
        unauthorized++;
        token = null; // what the app's cleanup does
      },
    });
    await Promise.allSettled([http.get('/a'), http.get('/b'), http.post('/c', {})]);
    expect(toasts).toHaveLength(1);
    expect(unauthorized).toBe(1);
  });

  it('on 401 without a token: no expiry message and no logout', async () => {
    token = null;
    setup(() => fail(401, 'no token'));
    await expect(http.get('/coffee/menu/nav')).rejects.toMatchObject({ code: 401 });
    expect(toasts).toEqual([]);
    expect(unauthorized).toBe(0);
  });

  it('toasts transport failures and timeouts for 5 s', async () => {
    setup(() => 'network-error');
    await expect(http.get('/x')).rejects.toMatchObject({ code: 0, isTransport: true });
    setup(() => 'timeout');
    await expect(http.get('/x')).rejects.toMatchObject({ code: 0 });
    expect(toasts).toEqual([
      { text: 't:errors.network', seconds: 5 },
      { text: 't:errors.timeout', seconds: 5 },
    ]);
  });

  it('does not toast a quiet call', async () => {
    setup(() => fail(422, 'rows have errors'));
    await expect(http.post('/x', {}, { quiet: true })).rejects.toMatchObject({ code: 422 });
    expect(toasts).toEqual([]);
  });
});

describe('downloads', () => {
  it('returns the file and its name', async () => {
    setup(() => ({
      status: 200,
      text: 'a,b\n',
      headers: {
        'Content-Type': 'text/csv',
        'Content-Disposition': "attachment; filename*=UTF-8''accounts%202026.csv",
      },
    }));
    const file = await download(
      { method: 'POST', url: '/coffee/account/export', data: { format: 'csv' } },
      'x.csv',
    );
    expect(file.filename).toBe('accounts 2026.csv');
    expect(await file.blob.text()).toBe('a,b\n');
  });

  it('reads an error envelope instead of a file', async () => {
    setup(() => fail(403, 'You do not have permission for this action'));
    await expect(
      download({ method: 'GET', url: '/coffee/account/import-template' }, 'x'),
    ).rejects.toMatchObject({ code: 403 });
    expect(toasts[0].text).toBe('You do not have permission for this action');
  });

  it('parses Content-Disposition forms', () => {
    expect(filenameFromDisposition('attachment; filename="role.xlsx"', 'f')).toBe('role.xlsx');
    expect(filenameFromDisposition(null, 'fallback.csv')).toBe('fallback.csv');
  });
});

describe('upload progress', () => {
  it('reports progress of a multipart POST', async () => {
    setup(() => ok({ total: 1, imported: 1, errors: [] }));
    const progress = vi.fn();
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.csv');
    const { request } = await import('./client');
    await request({ method: 'POST', url: '/coffee/role/import', data: form, onUploadProgress: progress });
    expect(progress).toHaveBeenCalledWith(50);
  });
});
