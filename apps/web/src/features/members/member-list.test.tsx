import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MemberWalletResult } from '@brewfleet/contracts/member-api';
import { P } from '@brewfleet/contracts/permissions';
import { configureClient } from '../../api/client';
import { initI18n, setLanguage } from '../../app/i18n';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, fail, ok, type Answer, type SentRequest } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import MemberListPage from './MemberListPage';

/** One member as `POST /api/coffee/member/list` answers it. */
const ANN = {
  id: '41',
  memberNo: 'M000041',
  username: 'Ann Lin',
  merchantId: '3',
  phone: '0912345678',
  email: 'ann@example.com',
  gender: 'female',
  walletBalance: '20.00',
  points: 120,
  status: 'active',
  createdAt: '2026-11-20T08:00:00.000Z',
};

const walletResult = (balance: string): MemberWalletResult => ({
  memberId: ANN.id,
  walletBalance: balance,
  entry: {
    id: '900',
    kind: 'top-up',
    amount: '5.00',
    balanceAfter: balance,
    orderId: null,
    reason: 'cash',
    byName: 'me',
    createdAt: '2026-11-23T10:00:00.000Z',
  },
});

/** The member list, and the wallet/points calls answered in turn from `answers` (then success). */
function server(answers: Answer[] = []) {
  const queue = [...answers];
  return createFakeXhr((req) => {
    const path = req.url.split('?')[0];
    if (path === '/api/coffee/member/list') return ok({ list: [ANN], total: 1 });
    if (path === '/api/coffee/member/wallet') return queue.shift() ?? ok(walletResult('25.00'));
    if (path === '/api/coffee/member/points')
      return (
        queue.shift() ??
        ok({ memberId: ANN.id, points: 70, entry: { ...walletResult('0').entry, kind: 'adjustment' } })
      );
    return ok([]); // pickers
  });
}

const calls = (sent: SentRequest[], what: string) =>
  sent.filter((r) => r.url.startsWith(`/api/coffee/member/${what}`));

/** The list, and any other address shown as where a link took the user. */
const renderList = () => renderPage({ '/member-list': <MemberListPage /> }, { at: '/member-list' });

const row = async () => (await screen.findByText('Ann Lin')).closest('tr')!;

/** A submit button rests 3 s after a click (spec §5): the next click waits for it. */
const enabled = (testId: string) =>
  waitFor(() => expect(screen.getByTestId(testId)).not.toBeDisabled(), { timeout: 4000 });

async function openWallet() {
  fireEvent.click(within(await row()).getByRole('button', { name: 'Adjust wallet' }));
  return screen.findByRole('dialog');
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

describe('Membership List', { timeout: 20_000 }, () => {
  it('shows the balance as money and offers each action only with its code', async () => {
    configureClient({ createXhr: server().createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.member.list]);
    renderList();
    const ann = await row();
    expect(ann).toHaveTextContent('$20.00');
    expect(ann).toHaveTextContent('Female');
    expect(within(ann).queryByRole('button', { name: 'Adjust wallet' })).toBeNull();
    expect(within(ann).queryByRole('button', { name: 'Adjust points' })).toBeNull();
    expect(within(ann).queryByRole('button', { name: /More/ })).toBeNull();
    cleanup();

    permissionStore.getState().setPermissions([P.member.list, P.member.points, P.walletEntry.list]);
    renderList();
    const again = await row();
    expect(within(again).queryByRole('button', { name: 'Adjust wallet' })).toBeNull();
    expect(within(again).getByRole('button', { name: 'Adjust points' })).toBeTruthy();
    // The wallet history opens narrowed to the member.
    fireEvent.click(within(again).getByRole('button', { name: /More/ }));
    expect(await screen.findByText('Wallet history')).toBeTruthy();
    expect(screen.queryByText('Points history')).toBeNull();
    fireEvent.click(screen.getByText('Wallet history'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/member-wallet?memberId=41');
  });

  it('checks the amount and the reason, tops up with a key and shows the new balance', async () => {
    const xhr = server();
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.member.list, P.member.wallet]);
    renderList();
    const dialog = await openWallet();
    expect(dialog).toHaveTextContent('Wallet of Ann Lin');
    expect(within(dialog).getByTestId('adjust-current')).toHaveTextContent('Balance now: $20.00');
    const amount = within(dialog).getByLabelText('Amount');
    fireEvent.change(amount, { target: { value: '5.555' } });
    expect(await within(dialog).findByText('An amount such as 20 or -5.50')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '0' } });
    expect(await within(dialog).findByText('Give an amount other than zero')).toBeTruthy();
    fireEvent.click(screen.getByTestId('adjust-submit'));
    expect(await within(dialog).findByText('Give a reason')).toBeTruthy();
    expect(calls(xhr.sent, 'wallet')).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Cash at the counter' } });
    await enabled('adjust-submit');
    fireEvent.click(screen.getByTestId('adjust-submit'));
    expect(await within(dialog).findByTestId('adjust-done')).toHaveTextContent(
      'The wallet now holds $25.00.',
    );
    // The dialog's own figure follows the answer, not the row it was opened from.
    expect(within(dialog).getByTestId('adjust-current')).toHaveTextContent('Balance now: $25.00');
    const [sent] = calls(xhr.sent, 'wallet');
    expect(sent.body).toMatchObject({
      memberId: '41',
      kind: 'top-up',
      amount: '5',
      reason: 'Cash at the counter',
    });
    expect(sent.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // Done: only Close is left, so this opening cannot make a second change.
    expect(screen.queryByTestId('adjust-submit')).toBeNull();
    fireEvent.click(screen.getByTestId('adjust-close'));
    await waitFor(() => expect(screen.queryByTestId('adjust-done')).toBeNull());

    // The next opening is a new change: a new key, even for the same body.
    await openWallet();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Cash at the counter' } });
    fireEvent.click(screen.getByTestId('adjust-submit'));
    await waitFor(() => expect(calls(xhr.sent, 'wallet')).toHaveLength(2));
    const [first, second] = calls(xhr.sent, 'wallet');
    expect(second.body).toEqual(first.body);
    expect(second.headers['Idempotency-Key']).not.toBe(first.headers['Idempotency-Key']);
  });

  it('shows the server’s refusal in the dialog and keeps the key only for a retry after a lost answer', async () => {
    const xhr = server([
      fail(400, 'A top-up adds money: give a positive amount'),
      'network-error',
      fail(409, 'The wallet holds $20.00: not enough for $30.00'),
    ]);
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.member.list, P.member.wallet]);
    renderList();
    const dialog = await openWallet();
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '-30' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Mistake' } });
    fireEvent.click(screen.getByTestId('adjust-submit'));
    expect(await within(dialog).findByTestId('adjust-error')).toHaveTextContent(
      'A top-up adds money: give a positive amount',
    );

    // As an adjustment instead: the answer is lost, the same submission is sent again with its key.
    fireEvent.click(within(dialog).getByLabelText('Adjustment'));
    await enabled('adjust-submit');
    fireEvent.click(screen.getByTestId('adjust-submit'));
    await waitFor(() => expect(calls(xhr.sent, 'wallet')).toHaveLength(2));
    await enabled('adjust-submit');
    fireEvent.click(screen.getByTestId('adjust-submit'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('adjust-error')).toHaveTextContent(
        'The wallet holds $20.00: not enough for $30.00',
      ),
    );
    const [refused, lost, retried] = calls(xhr.sent, 'wallet');
    expect(lost.body).toMatchObject({ kind: 'adjustment', amount: '-30' });
    expect(retried.body).toEqual(lost.body);
    expect(retried.headers['Idempotency-Key']).toBe(lost.headers['Idempotency-Key']);
    expect(lost.headers['Idempotency-Key']).not.toBe(refused.headers['Idempotency-Key']);
    expect(screen.queryByTestId('adjust-done')).toBeNull();
  });

  it('adjusts points by a whole number, in traditional Chinese', async () => {
    const xhr = server();
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.member.list, P.member.points]);
    await setLanguage('tw');
    renderList();
    const ann = await row();
    expect(ann).toHaveTextContent('20.00 元');
    fireEvent.click(within(ann).getByRole('button', { name: '調整點數' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('adjust-current')).toHaveTextContent('目前點數：120');
    const points = within(dialog).getByLabelText('點數');
    fireEvent.change(points, { target: { value: '1.5' } });
    expect(await within(dialog).findByText('請輸入整數，例如 100 或 -50')).toBeTruthy();
    fireEvent.change(points, { target: { value: '-50' } });
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '更正' } });
    await enabled('adjust-submit');
    fireEvent.click(screen.getByTestId('adjust-submit'));
    expect(await within(dialog).findByTestId('adjust-done')).toHaveTextContent('會員現有 70 點。');
    expect(within(dialog).getByTestId('adjust-current')).toHaveTextContent('目前點數：70');
    const [sent] = calls(xhr.sent, 'points');
    expect(sent.body).toMatchObject({ memberId: '41', points: -50, reason: '更正' });
    expect(sent.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
