import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { P } from '@brewfleet/contracts/permissions';
import { configureClient } from '../../api/client';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, ok } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import ProgressDrawer from './ProgressDrawer';

const PROGRESS = {
  id: '7',
  version: '2026-11-22.2',
  state: 'pushing',
  targets: 3,
  succeeded: 1,
  failed: 1,
  machines: [
    {
      deviceId: '11',
      serialNumber: 'SN-11',
      name: 'Lobby',
      online: true,
      commandId: '501',
      state: 'succeeded',
      attempts: 1,
      reason: null,
      details: null,
      updatedAt: '2026-11-22T09:00:00.000Z',
    },
    {
      deviceId: '12',
      serialNumber: 'SN-12',
      name: 'Pier',
      online: true,
      commandId: '502',
      state: 'failed',
      attempts: 1,
      reason: 'menu 2026-11-22.2 rejected: 1 problem(s)',
      details: [{ productCode: 'HOT', message: 'Step 1: temperatureC 98 is outside 80–96 °C' }],
      updatedAt: '2026-11-22T09:00:01.000Z',
    },
    {
      deviceId: '13',
      serialNumber: 'SN-13',
      name: 'Gate',
      online: false,
      commandId: '503',
      state: 'queued',
      attempts: 0,
      reason: null,
      details: null,
      updatedAt: '2026-11-22T09:00:00.000Z',
    },
  ],
};

/** The live stream is not under test here: a source that never speaks. */
class SilentEventSource {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onerror = null;
  close() {}
}

function renderDrawer(onPushAgain = vi.fn()) {
  renderPage(<ProgressDrawer releaseId="7" onClose={() => undefined} onPushAgain={onPushAgain} />);
  return onPushAgain;
}

beforeAll(() => {
  vi.stubGlobal('EventSource', SilentEventSource);
});

afterEach(() => {
  cleanup();
  permissionStore.getState().reset();
});

describe('progress drawer', () => {
  it('shows each machine’s state, a rejection’s products, an offline machine waiting; pushes again to the failed', async () => {
    configureClient({ createXhr: createFakeXhr(() => ok(PROGRESS)).createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.menuRelease.push]);
    const onPushAgain = renderDrawer();

    const table = await screen.findByTestId('progress-machines');
    const row = (id: string) => table.querySelector(`[data-device="${id}"]`) as HTMLElement;
    await within(table).findByText('Pier');
    expect(row('11').dataset.phase).toBe('succeeded');
    expect(within(row('12')).getByText('HOT')).toBeTruthy();
    expect(within(row('12')).getByText('Step 1: temperatureC 98 is outside 80–96 °C')).toBeTruthy();
    expect(row('13').dataset.phase).toBe('waiting');
    expect(within(row('13')).getByTestId('waiting-hint')).toBeTruthy();

    fireEvent.click(screen.getByTestId('push-again'));
    expect(onPushAgain).toHaveBeenCalledWith('7', '2026-11-22.2', ['12']);
  }, 20_000);

  it('offers no push again without the permission', async () => {
    configureClient({ createXhr: createFakeXhr(() => ok(PROGRESS)).createXhr, getToken: () => 't' });
    renderDrawer();
    await within(await screen.findByTestId('progress-machines')).findByText('Pier');
    expect(screen.queryByTestId('push-again')).toBeNull();
  }, 20_000);
});
