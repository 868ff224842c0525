/**
 * The order detail of a member's order (issue 12): the member's number, and beside a line's bad
 * cups how they were made good (OrderDetailView, contracts orderDetailAnswer `compensations`).
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '@brewfleet/contracts/order-api';
import { initI18n, setLanguage } from '../../app/i18n';
import { renderPage } from '../../test/render-page';
import { DETAIL } from '../orders/order-fixture';
import OrderDetailView from '../orders/OrderDetailView';

const renderView = (detail: OrderDetail) => renderPage(<OrderDetailView detail={detail} />);

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

describe('order detail of a member’s order', { timeout: 15_000 }, () => {
  it('shows the member number and, beside the bad cup’s line, the money given back with its time', async () => {
    await setLanguage('en');
    renderView(DETAIL);
    expect(screen.getByTestId('order-detail')).toHaveTextContent('Member numberM00012345');
    const latte = within(screen.getByTestId('order-lines')).getByText('Latte').closest('tr')!;
    expect(within(latte).getByTestId('compensation-1')).toHaveTextContent(
      /^Made good: \$55\.00 back to the wallet · 2026-11-23 \d\d:17:10$/,
    );
    const bag = within(screen.getByTestId('order-lines')).getByText('Paper bag').closest('tr')!;
    expect(within(bag).queryByTestId(/^compensation-/)).toBeNull();
  });

  it('names the coupon given, in traditional Chinese; an order without a member shows no number', async () => {
    await setLanguage('tw');
    renderView({
      ...DETAIL,
      memberNo: null,
      compensations: [
        { seq: 1, kind: 'coupon', amount: null, couponName: '免費拿鐵', at: '2026-11-23T09:17:10.000Z' },
      ],
    });
    expect(screen.getByTestId('order-detail')).not.toHaveTextContent('會員編號');
    expect(screen.getByTestId('compensation-1')).toHaveTextContent(/^已補償：優惠券 免費拿鐵 · 2026-11-23/);
    await setLanguage('en');
  });
});
