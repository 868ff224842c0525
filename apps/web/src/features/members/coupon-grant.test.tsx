import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { P } from '@brewfleet/contracts/permissions';
import { configureClient } from '../../api/client';
import { initI18n, setLanguage } from '../../app/i18n';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, fail, ok, type Answer, type SentRequest } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import CouponListPage from './CouponListPage';

const COUPONS = [
  {
    id: '61',
    name: 'Free latte',
    merchantId: '3',
    discountAmount: '3.50',
    pointsCost: 100,
    status: 'usable',
    validityDays: 30,
  },
  {
    id: '62',
    name: 'Old promo',
    merchantId: '3',
    discountAmount: '1.00',
    pointsCost: 0,
    status: 'unusable',
    validityDays: 7,
  },
];
const MEMBERS = [
  { value: '41', label: 'Ann Lin' },
  { value: '42', label: 'Annie Wu' },
];

function server(grant: Answer | null = null) {
  return createFakeXhr((req) => {
    const path = req.url.split('?')[0];
    if (path === '/api/coffee/coupon/list') return ok({ list: COUPONS, total: COUPONS.length });
    if (path === '/api/coffee/member/select') {
      const keyword = new URL(req.url, 'http://x').searchParams.get('keyword') ?? '';
      return ok(MEMBERS.filter((m) => m.label.toLowerCase().includes(keyword.toLowerCase())));
    }
    if (path === '/api/coffee/coupon/grant')
      return grant ?? ok({ granted: 2, validTo: '2026-12-23T10:00:00.000Z' });
    return ok([]);
  });
}

const grants = (sent: SentRequest[]) => sent.filter((r) => r.url.startsWith('/api/coffee/coupon/grant'));

const renderList = () => renderPage(<CouponListPage />, { at: '/coupon-list' });

const row = async (name: string) => (await screen.findByText(name)).closest('tr')!;

/** Types in the member picker and picks the member whose option reads `label`. */
async function pickMember(dialog: HTMLElement, typed: string, label: string) {
  const input = within(dialog).getByLabelText('Members');
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: typed } });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.textContent === label,
    );
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(async () => {
  await setLanguage('en');
});
afterEach(() => {
  cleanup();
  permissionStore.getState().reset();
});

describe('Coupon List: grant a coupon', { timeout: 20_000 }, () => {
  it('offers Grant only with its code and only on a usable coupon', async () => {
    configureClient({ createXhr: server().createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.coupon.list]);
    renderList();
    const latte = await row('Free latte');
    expect(latte).toHaveTextContent('$3.50');
    expect(within(latte).queryByRole('button', { name: 'Grant coupon' })).toBeNull();
    cleanup();

    permissionStore.getState().setPermissions([P.coupon.list, P.coupon.grant]);
    renderList();
    expect(within(await row('Free latte')).getByRole('button', { name: 'Grant coupon' })).toBeTruthy();
    expect(within(await row('Old promo')).queryByRole('button', { name: 'Grant coupon' })).toBeNull();
  });

  it('asks for members, finds them as the user types, grants with a key and says how many and until when', async () => {
    const xhr = server();
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.coupon.list, P.coupon.grant]);
    renderList();
    fireEvent.click(within(await row('Free latte')).getByRole('button', { name: 'Grant coupon' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Grant coupon Free latte');
    expect(dialog).toHaveTextContent('Worth $3.50, valid 30 days from the day it is received.');
    fireEvent.click(screen.getByTestId('grant-submit'));
    expect(await within(dialog).findByText('Choose at least one member')).toBeTruthy();

    await pickMember(dialog, 'ann l', 'Ann Lin');
    await waitFor(() =>
      expect(xhr.sent.some((r) => r.url.includes('/api/coffee/member/select?keyword=ann'))).toBe(true),
    );
    await pickMember(dialog, 'annie', 'Annie Wu');
    // Ann stays named while the options are Annie's.
    expect(dialog).toHaveTextContent('Ann Lin');
    await waitFor(() => expect(screen.getByTestId('grant-submit')).not.toBeDisabled(), { timeout: 4000 });
    fireEvent.click(screen.getByTestId('grant-submit'));
    const done = await within(dialog).findByTestId('grant-done');
    expect(done).toHaveTextContent(/^Granted to 2 member\(s\), valid until 2026-12-2\d \d\d:00:00\.$/);
    const [sent] = grants(xhr.sent);
    expect(sent.body).toMatchObject({ couponId: '61', memberIds: ['41', '42'] });
    expect(sent.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByTestId('grant-submit')).toBeNull();
  });

  it('shows why the server refused, in the dialog', async () => {
    const xhr = server(fail(404, 'The coupon or a member was not found'));
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.coupon.list, P.coupon.grant]);
    renderList();
    fireEvent.click(within(await row('Free latte')).getByRole('button', { name: 'Grant coupon' }));
    const dialog = await screen.findByRole('dialog');
    await pickMember(dialog, 'ann', 'Ann Lin');
    fireEvent.click(screen.getByTestId('grant-submit'));
    expect(await within(dialog).findByTestId('grant-error')).toHaveTextContent(
      'The coupon or a member was not found',
    );
    expect(grants(xhr.sent)).toHaveLength(1);
  });
});
