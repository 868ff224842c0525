import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commandConfigResource } from '@brewfleet/contracts/resources/commands';
import { configureClient } from '../api/client';
import { initI18n } from '../app/i18n';
import { createFakeXhr, heldBack, ok, type Answer } from '../test/fake-xhr';
import { renderPage } from '../test/render-page';
import ResourceFormDrawer from './ResourceFormDrawer';

const RULE = {
  id: '7',
  commandType: 'restart',
  expirySeconds: 600,
  maxAttempts: 5,
  retryIntervalSeconds: 30,
  description: '',
};

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

describe('the edit drawer', () => {
  it('takes no typing and no save until the record is here, then saves what was typed', async () => {
    const held = heldBack();
    const fake = createFakeXhr(async (req): Promise<Answer> => {
      if (req.method === 'GET') {
        await held.until;
        return ok(RULE);
      }
      return ok({ ...RULE, ...(req.body as object) });
    });
    configureClient({ createXhr: fake.createXhr, getToken: () => 't' });
    let closed = 0;
    renderPage(
      <ResourceFormDrawer
        def={commandConfigResource}
        target={{ mode: 'update', id: '7' }}
        onClose={() => closed++}
      />,
    );
    const attempts = await screen.findByLabelText('Maximum attempts');
    const save = screen.getByTestId('drawer-save');
    // While the record is on its way: nothing to type into, nothing to save.
    expect(attempts).toBeDisabled();
    expect(save).toBeDisabled();

    held.release();
    await waitFor(() => expect(attempts).toHaveValue('5'));
    expect(attempts).toBeEnabled();
    fireEvent.change(attempts, { target: { value: '6' } });
    fireEvent.click(save);
    await waitFor(() => expect(closed).toBe(1));
    const update = fake.sent.find((r) => r.method === 'PUT' || r.method === 'POST');
    expect(update?.body).toMatchObject({ id: '7', maxAttempts: 6 });
  }, 20_000);
});
