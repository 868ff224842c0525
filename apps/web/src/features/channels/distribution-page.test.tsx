import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { P } from '@brewfleet/contracts/permissions';
import { configureClient } from '../../api/client';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, ok, type SentRequest } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import DistributionPage from './DistributionPage';

const CHANNELS = [
  { id: '1', configName: 'Summer', channelNumber: 1, name: 'Beans' },
  { id: '2', configName: 'Summer', channelNumber: 2, name: 'Milk powder' },
  // Answered by the substring filter, not part of the configuration.
  { id: '3', configName: 'Summer 2', channelNumber: 1, name: 'Other' },
];

function answer(req: SentRequest) {
  const path = req.url.split('?')[0];
  if (path === '/api/coffee/channel-config/select')
    return ok([
      { value: '1', label: 'Summer' },
      { value: '2', label: 'Summer' },
      { value: '3', label: 'Summer 2' },
    ]);
  if (path === '/api/coffee/channel-config/list') return ok({ list: CHANNELS, total: 3 });
  if (path === '/api/coffee/device/list')
    return ok({ list: [{ id: '11', name: 'Lobby machine', serialNumber: 'SN-11', online: true }], total: 1 });
  if (path === '/api/coffee/channel-config/distribute') return ok({ devices: 1, channels: 2 });
  return ok([]); // pickers of stores, models, channel types
}

const renderAt = (entry: string) => renderPage(<DistributionPage />, { at: entry });

afterEach(() => {
  cleanup();
  permissionStore.getState().reset();
});

describe('channel distribution', () => {
  // A long timeout: antd's tables and dialogs render slowly in jsdom, the more so on a busy machine.
  it('previews exactly the chosen configuration and sends it with the ticked machines', async () => {
    const xhr = createFakeXhr(answer);
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.channelConfig.distribute]);
    renderAt('/chargingBasket-bind?configName=Summer');

    const preview = await screen.findByTestId('distribution-preview');
    await within(preview).findByText('Milk powder');
    expect(within(preview).queryByText('Other')).toBeNull();

    const machines = screen.getByTestId('distribution-machines');
    await within(machines).findByText('Lobby machine');
    const distribute = screen.getByTestId('distribute');
    expect(distribute).toBeDisabled();
    fireEvent.click(within(machines).getAllByRole('checkbox')[1]);
    await waitFor(() => expect(distribute).toBeEnabled());

    fireEvent.click(distribute);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'channelDistribution.distribute' }));

    await screen.findByTestId('distribution-result');
    const sent = xhr.sent.find((r) => r.url.startsWith('/api/coffee/channel-config/distribute'));
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toMatchObject({ configName: 'Summer', deviceIds: ['11'] });
    // The choice is cleared once done, so a second click cannot send it again by mistake.
    expect(screen.getByTestId('distribute')).toBeDisabled();
  }, 20_000);

  it('offers no distribute button without the permission', async () => {
    configureClient({ createXhr: createFakeXhr(answer).createXhr, getToken: () => 't' });
    renderAt('/chargingBasket-bind');
    await screen.findByTestId('distribution-machines');
    expect(screen.queryByTestId('distribute')).toBeNull();
  });
});
