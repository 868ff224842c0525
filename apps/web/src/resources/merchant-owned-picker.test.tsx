import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountResource } from '@brewfleet/contracts/resources/account';
import { configureClient } from '../api/client';
import { initI18n } from '../app/i18n';
import { createFakeXhr, ok } from '../test/fake-xhr';
import { renderPage } from '../test/render-page';
import FieldInput from './FieldInput';

/** Roles by merchant, as `GET /api/coffee/role/select?merchantId=` answers them (none: every one). */
const ROLES: Record<string, Array<{ value: string; label: string }>> = {
  brand: [{ value: 'r-brand', label: 'Barista (brand)' }],
  north: [{ value: 'r-north', label: 'Barista (north)' }],
};

function AccountForm() {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={{ merchantId: 'brand', roleIds: ['r-brand'] }}>
      <Form.Item name="merchantId">
        <Input data-testid="merchant" />
      </Form.Item>
      <Form.Item name="roleIds">
        <FieldInput resource="account" name="roleIds" field={accountResource.fields.roleIds} purpose="form" />
      </Form.Item>
      <Form.Item shouldUpdate>
        {() => <div data-testid="picked">{JSON.stringify(form.getFieldValue('roleIds'))}</div>}
      </Form.Item>
    </Form>
  );
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

describe('a picker of a merchant’s rows in a form with a merchant', () => {
  it('drops what was picked among another merchant’s rows when the merchant changes', async () => {
    const xhr = createFakeXhr((req) => {
      const merchant = new URL(req.url, 'http://x').searchParams.get('merchantId') ?? '';
      return ok(ROLES[merchant] ?? [...ROLES.brand, ...ROLES.north]);
    });
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    renderPage(<AccountForm />);
    // The brand's role stays while the brand is the merchant.
    await waitFor(() => expect(xhr.sent.some((r) => r.url.includes('merchantId=brand'))).toBe(true));
    expect(screen.getByTestId('picked')).toHaveTextContent('["r-brand"]');
    fireEvent.change(screen.getByTestId('merchant'), { target: { value: 'north' } });
    await waitFor(() => expect(screen.getByTestId('picked')).toHaveTextContent('[]'));
  });
});
