/** The big screen's header speaks the console's language, whatever the browser's. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '../../app/i18n';
import DashboardFrame from './DashboardFrame';

describe('the dashboard frame', () => {
  it('writes its clock in the language chosen, not the browser’s', async () => {
    await initI18n('en');
    await setLanguage('tw');
    const { container, unmount } = render(
      <DashboardFrame title="營運大屏" data={undefined} error={null} layout="operation">
        {null}
      </DashboardFrame>,
    );
    expect(screen.getByRole('heading', { name: '營運大屏' })).toBeTruthy();
    const clock = () => container.querySelector('time.dashboard-clock')!.textContent!;
    // zh-TW: "2026年11月25日 上午1:48:02"; the test runner's own locale would write "Nov 25, 2026".
    expect(clock()).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日/);
    unmount();

    await setLanguage('en');
    render(
      <DashboardFrame title="Operation dashboard" data={undefined} error={null} layout="operation">
        {null}
      </DashboardFrame>,
    );
    expect(document.querySelector('time.dashboard-clock')!.textContent).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}/,
    );
  });
});
