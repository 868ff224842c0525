import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderDetail, OrderRefundResult } from '@brewfleet/contracts/order-api';
import { P } from '@brewfleet/contracts/permissions';
import { configureClient } from '../../api/client';
import { initI18n, setLanguage } from '../../app/i18n';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, fail, ok, type Answer, type SentRequest } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import { DETAIL } from './order-fixture';
import OrderDetailPage from './OrderDetailPage';
import OrderDetailView from './OrderDetailView';

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(async () => {
  await setLanguage('en');
  permissionStore.getState().reset();
});
afterEach(cleanup);

/** A submit button rests 3 s after a click (spec §5): the next click waits for it. */
const enabled = (testId: string) =>
  waitFor(() => expect(screen.getByTestId(testId)).not.toBeDisabled(), { timeout: 4000 });

const renderView = (detail: OrderDetail = DETAIL) => renderPage(<OrderDetailView detail={detail} />);
const renderDetail = () => renderPage(<OrderDetailPage />, { at: `/order-detail?id=${DETAIL.id}` });

// Rendering antd's tables is slow on a busy machine.
describe('order detail view', { timeout: 15_000 }, () => {
  it('keeps the machine’s combination label where an option has no name to show', () => {
    const [latte, ...rest] = DETAIL.lines;
    renderView({
      ...DETAIL,
      lines: [{ ...latte, options: ['31', '99'], optionNames: ['oat milk', '99'] }, ...rest],
    });
    const row = within(screen.getByTestId('order-lines')).getByText('Latte').closest('tr')!;
    expect(row).toHaveTextContent('L · oat milk, 99 · PEARL × 2');
  });

  it('says who gave back a wallet’s money when the order ended unmade, in the reader’s language', async () => {
    await setLanguage('tw');
    renderView({
      ...DETAIL,
      status: 'rejected',
      paymentMethod: 'wallet',
      refunds: [
        {
          id: '79',
          amount: '111.00',
          cause: 'order-ended',
          reason: 'rejected',
          lines: [],
          by: null,
          at: DETAIL.orderedAt,
        },
      ],
    });
    const payments = screen.getByTestId('order-payments');
    expect(payments).toHaveTextContent('訂單已拒絕：已退回錢包');
    expect(payments).toHaveTextContent('BrewFleet（自動）');
    expect(payments).not.toHaveTextContent('rejected');
  });

  it('fits the payments and refunds in a narrow table, each column headed for what it holds', async () => {
    await setLanguage('zh');
    renderView();
    const payments = screen.getByTestId('order-payments');
    const headers = [...payments.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['类别', '金额', '支付方式', '时间', '操作人', '原因']);
    expect(headers).not.toContain('订单金额');
    const [payment, refund] = [...payments.querySelectorAll('tbody tr')];
    const cells = (row: Element) => [...row.querySelectorAll('td')].map((td) => td.textContent);
    // The refund's split over the lines sits under its amount, not under the payment method.
    expect(cells(refund)[1]).toBe('−10.00 元#1：10.00 元');
    expect(cells(refund)[2]).toBe('');
    expect(cells(payment)[2]).toBe('刷卡机 · TX-555');
    // A short local time, the whole one on hover.
    const time = refund.querySelector('time')!;
    const at = dayjs(DETAIL.refunds[0].at);
    expect(time).toHaveTextContent(
      at.format(at.year() === dayjs().year() ? 'MM-DD HH:mm' : 'YYYY-MM-DD HH:mm'),
    );
    expect(time).toHaveAttribute('title', at.format('YYYY-MM-DD HH:mm:ss'));
  });

  it('shows who, where and when, the amounts in dollars and the price check’s notes in words', () => {
    renderView();
    expect(screen.getByTestId('order-heading')).toHaveTextContent('Order M1-20261123-0042');
    const detail = screen.getByTestId('order-detail');
    for (const text of [
      'A042',
      'Taipei Main Station',
      'Kiosk 1 · SN-0007',
      'Machine screen',
      'Packed (takeaway)',
    ])
      expect(detail, text).toHaveTextContent(text);
    expect(screen.getAllByTestId('order-status')[0]).toHaveTextContent('Completed');
    expect(screen.getAllByTestId('price-check-warning')[0]).toHaveTextContent('Figures differ');

    const amounts = screen.getByTestId('order-amounts');
    expect(amounts).toHaveTextContent('Prices include tax');
    expect(within(amounts).getByTestId('order-refunded')).toHaveTextContent('$10.00');
    expect(within(amounts).getByTestId('order-refundable')).toHaveTextContent('$101.00');
    // The machine asked 113.00 where the server computes 111.00: both are shown.
    expect(amounts).toHaveTextContent('Payment reported by the machine$113.00');
    const notes = within(amounts).getByTestId('check-notes');
    expect(notes).toHaveTextContent('Line 1: the machine charged $56.00 a unit, the menu says $55.00.');
    expect(notes).toHaveTextContent('The machine asked $113.00 in all; the server computes $111.00.');
  });

  it('lists the lines with their taxes, the payment and refund, the history and the cups, bad cups marked', () => {
    renderView();
    const lines = screen.getByTestId('order-lines');
    const latte = within(lines).getByText('Latte').closest('tr')!;
    // The options by name in the reader's language; the machine's combination label only repeats them.
    expect(latte).toHaveTextContent('oat milk · PEARL × 2');
    expect(latte).not.toHaveTextContent('L · oat milk');
    expect(latte).toHaveTextContent('$55.00');
    expect(latte).toHaveTextContent('$56.00'); // the machine's price, where it differs
    expect(latte).toHaveTextContent('Business tax');
    expect(latte).toHaveTextContent('$5.00');
    expect(latte).toHaveTextContent('2 (1)'); // cups (bad)
    const bag = within(lines).getByText('Paper bag').closest('tr')!;
    expect(bag).toHaveTextContent('Extra');
    expect(bag).not.toHaveTextContent('$1.00$1.00$1.00'); // no reported price where it is the same

    const payments = screen.getByTestId('order-payments');
    expect(payments).toHaveTextContent('Card machine · TX-555');
    expect(payments).toHaveTextContent('−$10.00');
    expect(payments).toHaveTextContent('#1: $10.00');
    expect(payments).toHaveTextContent('Cold coffee');
    expect(payments).toHaveTextContent('manager1');

    const timeline = screen.getByTestId('order-timeline');
    expect(
      within(timeline)
        .getAllByTestId('order-status')
        .map((tag) => tag.textContent),
    ).toEqual(['Waiting for payment', 'Paid', 'Processing', 'Completed', 'Paid']);
    expect(timeline).toHaveTextContent('Late or repeated');

    const cups = screen.getByTestId('order-cups');
    const bad = within(cups).getByTestId('bad-cup').closest('tr')!;
    expect(bad).toHaveClass('order-bad-cup');
    expect(bad).toHaveTextContent('44');
    // The good cup opens to its coffee data.
    fireEvent.click(within(cups).getAllByRole('button', { name: /expand/i })[0]);
    expect(cups).toHaveTextContent('Extraction pressure');
  });

  it('reads in Chinese with 元 after the amounts, and in traditional characters', async () => {
    await setLanguage('zh');
    renderView();
    expect(screen.getByTestId('order-refundable')).toHaveTextContent('101.00 元');
    expect(screen.getByTestId('check-notes')).toHaveTextContent(
      '第 1 行：机器按单价 56.00 元 收费，菜单单价为 55.00 元。',
    );
    cleanup();
    await setLanguage('tw');
    renderView();
    expect(screen.getByTestId('order-heading')).toHaveTextContent('訂單 M1-20261123-0042');
    expect(screen.getAllByTestId('order-status')[0]).toHaveTextContent('已完成');
    expect(screen.getByTestId('order-timeline')).toHaveTextContent('延遲或重複');
  });

  it('says in words that a machine reported no menu version', () => {
    renderView({
      ...DETAIL,
      priceCheck: 'menu-unknown',
      checkNotes: [{ line: null, key: 'order.check.menuUnknown', params: { version: '' } }],
    });
    expect(screen.getByTestId('check-notes')).toHaveTextContent(
      'The machine’s menu (no version reported) is not one the server sent',
    );
  });

  it('shows no banner when the check found nothing', () => {
    renderView({ ...DETAIL, priceCheck: 'ok', checkNotes: [] });
    expect(screen.queryByTestId('check-notes')).toBeNull();
    expect(screen.queryAllByTestId('price-check-warning').length).toBe(1); // the latte line's own flag
  });
});

describe('order detail page actions', { timeout: 15_000 }, () => {
  it('offers Refund and Cancel only with their codes, Cancel only before the order is made', async () => {
    const xhr = createFakeXhr(() => ok(DETAIL));
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.order.list]);
    renderDetail();
    await screen.findByTestId('order-detail');
    expect(xhr.sent[0].url.split('?')[0]).toBe(`/api/coffee/order/${DETAIL.id}/detail`);
    expect(screen.queryByTestId('order-refund')).toBeNull();
    expect(screen.queryByTestId('order-cancel')).toBeNull();
    cleanup();

    permissionStore.getState().setPermissions([P.order.list, P.order.refund, P.order.cancel]);
    renderDetail();
    await screen.findByTestId('order-refund');
    // Completed: made, so no longer cancellable.
    expect(screen.queryByTestId('order-cancel')).toBeNull();
    cleanup();

    const paid = createFakeXhr(() => ok({ ...DETAIL, status: 'paid' }));
    configureClient({ createXhr: paid.createXhr });
    renderDetail();
    expect(await screen.findByTestId('order-cancel')).toBeTruthy();
  });

  it('cancels with a reason and shows the order the server answers', { timeout: 10_000 }, async () => {
    let current: OrderDetail = { ...DETAIL, status: 'paid' };
    const xhr = createFakeXhr((req) => {
      if (req.url.startsWith('/api/coffee/order/cancel')) {
        current = { ...current, status: 'cancelled' };
        return ok(current);
      }
      return ok(current);
    });
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.order.list, P.order.cancel]);
    renderDetail();
    fireEvent.click(await screen.findByTestId('order-cancel'));
    fireEvent.click(await screen.findByTestId('cancel-submit'));
    expect(await screen.findByText('Give a reason for cancelling')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Customer left' } });
    await enabled('cancel-submit');
    fireEvent.click(screen.getByTestId('cancel-submit'));
    await waitFor(() =>
      expect(xhr.sent.find((r) => r.url.startsWith('/api/coffee/order/cancel'))?.body).toMatchObject({
        orderId: DETAIL.id,
        reason: 'Customer left',
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('order-status')[0]).toHaveTextContent('Cancelled'));
  });
});

describe('refund form', () => {
  function refundServer(first: Answer | null = null) {
    let pending = first;
    const result = (req: SentRequest): OrderRefundResult => {
      const body = req.body as { lines?: Array<{ seq: number; amount: string }> };
      const amount = body.lines ? body.lines[0].amount : DETAIL.refundable;
      return {
        orderId: DETAIL.id,
        refund: {
          id: '78',
          amount,
          cause: 'staff',
          reason: 'x',
          lines: body.lines ?? [],
          by: 'me',
          at: DETAIL.orderedAt,
        },
        refunded: '12.00',
        refundable: '99.00',
      };
    };
    return createFakeXhr((req) => {
      if (!req.url.startsWith('/api/coffee/order/refund')) return ok(DETAIL);
      if (pending) {
        const answer = pending;
        pending = null;
        return answer;
      }
      return ok(result(req));
    });
  }

  async function openRefund() {
    permissionStore.getState().setPermissions([P.order.list, P.order.refund]);
    renderDetail();
    fireEvent.click(await screen.findByTestId('order-refund'));
    return screen.findByRole('dialog');
  }

  const refunds = (sent: SentRequest[]) => sent.filter((r) => r.url.startsWith('/api/coffee/order/refund'));

  it(
    'checks a line’s amount against what is left on it and asks for a reason',
    { timeout: 10_000 },
    async () => {
      const xhr = refundServer();
      configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
      const dialog = await openRefund();
      expect(dialog).toHaveTextContent('The whole remaining amount ($101.00)');
      fireEvent.click(within(dialog).getByLabelText('Amounts of some lines'));
      // The latte sold for 110.00 and 10.00 of it went back: 100.00 is left on it.
      const latte = await within(dialog).findByLabelText('Refund for line 1 (Latte)');
      expect(dialog).toHaveTextContent('At most $100.00');
      fireEvent.change(latte, { target: { value: '100.01' } });
      expect(await within(dialog).findByText('At most $100.00 can be refunded on this line')).toBeTruthy();
      fireEvent.change(latte, { target: { value: '2.5.0' } });
      expect(await within(dialog).findByText('An amount such as 12.50')).toBeTruthy();
      fireEvent.change(latte, { target: { value: '' } });
      fireEvent.click(screen.getByTestId('refund-submit'));
      expect(await within(dialog).findByText('Enter an amount for at least one line')).toBeTruthy();
      expect(await within(dialog).findByText('Give a reason for the refund')).toBeTruthy();
      expect(refunds(xhr.sent)).toHaveLength(0);

      fireEvent.change(latte, { target: { value: '2' } });
      expect(await within(dialog).findByTestId('refund-total')).toHaveTextContent('To refund: $2.00');
      fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Too sweet' } });
      await enabled('refund-submit');
      fireEvent.click(screen.getByTestId('refund-submit'));
      await waitFor(() => expect(refunds(xhr.sent)).toHaveLength(1));
      const [sent] = refunds(xhr.sent);
      expect(sent.body).toMatchObject({
        orderId: DETAIL.id,
        reason: 'Too sweet',
        lines: [{ seq: 1, amount: '2.00' }],
      });
      expect(sent.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it('keeps the key when the same refund is sent again after a lost answer, and not otherwise', async () => {
    const xhr = refundServer('network-error');
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    const dialog = await openRefund();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Machine fault' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(refunds(xhr.sent)).toHaveLength(1));
    // The button rests after a click (spec §5); the retry comes after it.
    await enabled('refund-submit');
    fireEvent.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(refunds(xhr.sent)).toHaveLength(2));
    const [lost, retried] = refunds(xhr.sent);
    // No lines: the whole remaining amount.
    expect(lost.body).toMatchObject({ orderId: DETAIL.id, reason: 'Machine fault' });
    expect(lost.body).not.toHaveProperty('lines');
    expect(retried.body).toEqual(lost.body);
    expect(retried.headers['Idempotency-Key']).toBe(lost.headers['Idempotency-Key']);
    expect(await screen.findByText('$101.00 refunded')).toBeTruthy();

    // A new refund is a new submission: a new key.
    await waitFor(() => expect(screen.getByTestId('order-refund')).toBeTruthy());
    fireEvent.click(screen.getByTestId('order-refund'));
    const again = await screen.findByRole('dialog');
    fireEvent.change(within(again).getByLabelText('Reason'), { target: { value: 'Machine fault' } });
    await enabled('refund-submit');
    fireEvent.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(refunds(xhr.sent)).toHaveLength(3));
    expect(refunds(xhr.sent)[2].headers['Idempotency-Key']).not.toBe(lost.headers['Idempotency-Key']);
  }, 20_000);

  it('shows why the server refused, and sends a new key for the next try', async () => {
    const xhr = refundServer(fail(422, 'The refund is more than what was paid'));
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    const dialog = await openRefund();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Again' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(refunds(xhr.sent)).toHaveLength(1));
    await enabled('refund-submit');
    fireEvent.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(refunds(xhr.sent)).toHaveLength(2));
    const [first, second] = refunds(xhr.sent);
    expect(second.headers['Idempotency-Key']).not.toBe(first.headers['Idempotency-Key']);
  }, 15_000);
});
