import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeviceDetail, LiveCommand } from '@brewfleet/contracts/fleet-api';
import { P } from '@brewfleet/contracts/permissions';
import { configureClient } from '../../api/client';
import { initI18n, setLanguage } from '../../app/i18n';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, ok } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import { formatDateTime } from '../../utils/format';
import DeviceDetailView from './DeviceDetailView';

/** The machines' stream as the page opens it; the test speaks for the server. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = 2;
  }
  send(event: LiveCommand) {
    this.onmessage?.({ data: JSON.stringify(event) } as MessageEvent<string>);
  }
}

const FINISHED = '2026-11-22T08:00:05.000Z';

const detail = (command: Record<string, unknown>): DeviceDetail => ({
  device: {
    id: '7',
    name: 'Lobby',
    serialNumber: 'SN-7',
    family: 'coffee',
    automation: 'semi-automatic',
    online: true,
    state: 'idle',
    locked: false,
    alarm: false,
    materialShortage: false,
    maintenanceDue: false,
    menuStatus: 'updated',
    lastSeenAt: '2026-11-22T08:00:00.000Z',
    totalCups: 10,
  },
  modelName: null,
  typeName: null,
  merchantName: null,
  storeName: null,
  maintenance: {
    basic: { cupsSince: 0, every: 500, due: false, lastAt: null },
    deep: { cupsSince: 0, every: 5000, due: false, lastAt: null },
  },
  today: { cups: 0, badCups: 0, failed: 0 },
  faultStats: [],
  channels: [],
  production: [],
  faults: [],
  cleanings: [],
  commands: [
    {
      id: '90',
      deviceId: '7',
      type: 'lock',
      state: 'sent',
      attempts: 1,
      issuedBy: 'admin',
      createdAt: '2026-11-22T08:00:01.000Z',
      finishedAt: null,
      ...command,
    },
  ],
});

const event = (patch: Partial<LiveCommand>): LiveCommand => ({
  kind: 'command',
  id: '90',
  deviceId: '7',
  type: 'lock',
  state: 'sent',
  attempts: 1,
  reason: null,
  details: null,
  menuReleaseId: null,
  updatedAt: '2026-11-22T08:00:02.000Z',
  ...patch,
});

beforeAll(async () => {
  vi.stubGlobal('EventSource', FakeEventSource);
  await initI18n('en');
  await setLanguage('en');
});
afterEach(() => {
  cleanup();
  permissionStore.getState().reset();
});

describe('device detail, commands card', { timeout: 15_000 }, () => {
  it('follows the live command events: the state moves and a finished command says when', async () => {
    // The server's detail before and after the command ended.
    let finished = false;
    const reads: string[] = [];
    const xhr = createFakeXhr((req) => {
      if (req.url.startsWith('/api/coffee/device/detail')) {
        reads.push(finished ? 'after' : 'before');
        return ok(detail(finished ? { state: 'succeeded', finishedAt: FINISHED } : {}));
      }
      return ok({ list: [], total: 0 });
    });
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.device.list]);
    renderPage(<DeviceDetailView automation="semi-automatic" path="/device-detail" />, {
      at: '/device-detail?id=7',
    });
    const card = await screen.findByTestId('detail-commands');
    const row = () => within(card).getByText('Lock').closest('tr')!;
    await waitFor(() => expect(row()).toHaveTextContent('Sent'));
    const stream = await vi.waitFor(() => {
      const open = FakeEventSource.opened.filter((s) => s.readyState !== 2 && s.url.includes('7'));
      expect(open).toHaveLength(1);
      return open[0];
    });

    act(() => stream.send(event({ state: 'acknowledged', updatedAt: '2026-11-22T08:00:03.000Z' })));
    await waitFor(() => expect(row()).toHaveTextContent('Acknowledged'));

    finished = true;
    act(() => stream.send(event({ state: 'succeeded', updatedAt: FINISHED })));
    await waitFor(() => expect(row()).toHaveTextContent('Succeeded'));
    await waitFor(() => expect(row()).toHaveTextContent(formatDateTime(FINISHED)));
    // Read again once the command ended, so what it changed is shown as the server has it.
    await waitFor(() => expect(reads).toContain('after'));
  });
});
