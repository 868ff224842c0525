import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { P } from '@brewfleet/contracts/permissions';
import { PARAMETER_DEFAULTS } from '@brewfleet/contracts/recipes';
import { configureClient } from '../../api/client';
import { appStore } from '../../app/stores/app-store';
import { permissionStore } from '../../app/stores/permission-store';
import { userStore } from '../../app/stores/user-store';
import { createFakeXhr, ok, type Answer, type SentRequest } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import { draftKey, loadDraft, saveDraft } from './draft-storage';
import { emptyDraft, type ProductDraft } from './product-draft';
import ProductWizard from './ProductWizard';

const ROUTE = 'produce-name-create';
const KEY = draftKey('u1', ROUTE);
/** The platform's ranges as the server lists them, one narrowed to show they are the ones used. */
const PARAMETERS = PARAMETER_DEFAULTS.map((p, i) => ({
  id: String(i + 1),
  family: p.family,
  key: p.key,
  unit: p.unit,
  min: p.family === 'coffee' && p.key === 'temperatureC' ? 85 : p.min,
  max: p.family === 'coffee' && p.key === 'temperatureC' ? 94 : p.max,
  name: p.names[0],
  twName: p.names[1],
  enName: p.names[2],
}));

const complete = (temperatureC: number): ProductDraft => ({
  ...emptyDraft('coffee'),
  name: 'Espresso',
  code: 'ESP-1',
  price: '2.80',
  materials: [{ materialId: '7', amount: 18, min: null, max: null, unit: 'g' }],
  steps: [{ action: 'brew', channel: 1, params: [{ key: 'temperatureC', value: temperatureC }] }],
});

let productAnswer: Answer = ok({ id: '99', name: 'Espresso' });

function answer(req: SentRequest): Answer {
  const path = req.url.split('?')[0];
  if (path === '/api/coffee/product-parameter/list')
    return ok({ list: PARAMETERS, total: PARAMETERS.length });
  if (path === '/api/coffee/product' && req.method === 'POST') return productAnswer;
  if (path.endsWith('/list')) return ok({ list: [], total: 0 });
  return ok([]); // pickers
}

function renderWizard() {
  const xhr = createFakeXhr(answer);
  configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
  const view = renderPage(<ProductWizard route={ROUTE} />, { at: `/${ROUTE}` });
  return { ...view, xhr };
}

beforeEach(() => {
  userStore.setState({ userId: 'u1', partnerType: 'merchant', partnerId: '5' });
  appStore.setState({ language: 'en' });
  permissionStore.getState().setPermissions([P.product.create]);
  productAnswer = ok({ id: '99', name: 'Espresso' });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  permissionStore.getState().reset();
});

describe('product flow', () => {
  it('refuses to go on with a step incomplete, and keeps what was typed as a draft', async () => {
    renderWizard();
    await screen.findByTestId('product-step-info');
    // The flow moves on once the family's parameter ranges are in.
    await waitFor(() => expect(screen.getByTestId('flow-next')).toBeEnabled());
    fireEvent.click(screen.getByTestId('flow-next'));
    await screen.findByText('productFlow.incomplete');
    expect(screen.getByTestId('product-step-info')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required').length).toBe(3);

    fireEvent.change(document.getElementById('produce-name-create-name')!, {
      target: { value: 'Flat white' },
    });
    await waitFor(() => expect(loadDraft(KEY)?.draft.name).toBe('Flat white'));
    await waitFor(() => expect(document.querySelectorAll('.ant-form-item-has-error').length).toBe(2));
  }, 20_000);

  it('offers a kept draft back with a notice, and discards it on request', async () => {
    saveDraft(KEY, { ...emptyDraft('coffee'), name: 'Cortado' }, 0);
    renderWizard();
    const notice = await screen.findByTestId('draft-notice');
    expect(document.getElementById('produce-name-create-name')).toHaveValue('Cortado');
    fireEvent.click(within(notice).getByTestId('discard-draft'));
    await waitFor(() => expect(screen.queryByTestId('draft-notice')).toBeNull());
    expect(document.getElementById('produce-name-create-name')).toHaveValue('');
    expect(loadDraft(KEY)).toBeNull();
  }, 20_000);

  it('checks the recipe live against the platform’s ranges and holds the user there until it is right', async () => {
    saveDraft(KEY, complete(96), 2);
    renderWizard();
    const problems = await screen.findByTestId('recipe-problems');
    await within(problems).findByText('Step 1: Temperature 96 is outside 85–94 °C');
    fireEvent.click(screen.getByTestId('flow-next'));
    await screen.findByText('productFlow.incomplete');
    expect(screen.getByTestId('product-step-recipe')).toBeInTheDocument();

    fireEvent.change(document.getElementById('produce-name-create-recipe-steps-0-value-0')!, {
      target: { value: '92' },
    });
    await waitFor(() => expect(screen.queryByTestId('recipe-problems')).toBeNull());
    fireEvent.click(screen.getByTestId('flow-next'));
    await screen.findByTestId('product-step-combos');
  }, 20_000);

  it('shows the server’s field errors on their step, and forgets the draft once saved', async () => {
    productAnswer = {
      status: 400,
      body: {
        code: 400,
        msg: 'This product code already exists',
        errors: [{ field: 'code', message: 'This product code already exists' }],
      },
    };
    saveDraft(KEY, complete(92), 4);
    const { xhr } = renderWizard();
    await screen.findByTestId('product-step-accessories');
    await waitFor(() => expect(screen.getByTestId('flow-save')).toBeEnabled());
    fireEvent.click(screen.getByTestId('flow-save'));
    await screen.findByTestId('product-step-info');
    expect((await screen.findAllByText('This product code already exists')).length).toBeGreaterThan(0);
    const sent = xhr.sent.find((r) => r.url.split('?')[0] === '/api/coffee/product' && r.method === 'POST');
    expect(sent?.body).toMatchObject({
      code: 'ESP-1',
      family: 'coffee',
      price: '2.80',
      recipe: { steps: [{ action: 'brew', channel: 1, params: { temperatureC: 92 } }] },
    });

    productAnswer = ok({ id: '99', name: 'Espresso' });
    fireEvent.change(document.getElementById('produce-name-create-code')!, { target: { value: 'ESP-2' } });
    // The change answers the server's complaint: the field is no longer marked.
    await waitFor(() =>
      expect(
        document.getElementById('produce-name-create-code')!.closest('.ant-form-item-has-error'),
      ).toBeNull(),
    );
    for (let step = 0; step < 4; step++) fireEvent.click(screen.getByTestId('flow-next'));
    await screen.findByTestId('product-step-accessories');
    fireEvent.click(screen.getByTestId('flow-save'));
    await waitFor(() => expect(loadDraft(KEY)).toBeNull());
    // The tab starts over for the next product.
    await screen.findByTestId('product-step-info');
    expect(document.getElementById('produce-name-create-name')).toHaveValue('');
  }, 30_000);
});
