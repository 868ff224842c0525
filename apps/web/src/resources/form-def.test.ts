import { describe, expect, it } from 'vitest';
import { accountResource, merchantResource, storeResource } from '@brewfleet/contracts/resources/index';
import { formEntries } from './field-meta';
import { formDef } from './form-def';
import { toRequestBody } from './form-values';

const plain = async (text: string) => `enc(${text})`;

describe('form definitions', () => {
  it('keeps the resource as it is without a shape', () => {
    expect(formDef(storeResource)).toBe(storeResource);
  });

  it('shows only the chosen fields, in order, with changed settings', () => {
    const def = formDef(accountResource, {
      fields: ['account', 'name', 'storeId'],
      overrides: { storeId: { required: true } },
    });
    expect(formEntries(def, 'create').map(([k]) => k)).toEqual(['account', 'name', 'storeId']);
    expect(def.fields.storeId.required).toBe(true);
    expect(accountResource.fields.storeId.required).toBeUndefined();
    expect(def.permissions).toBe(accountResource.permissions);
  });

  it('shows the fields a row keeps fixed without letting them change or sending them', async () => {
    // One's own merchant: its administrator may not change its status or superior.
    const shape = { fixedOnEdit: (id: string) => (id === '7' ? ['status', 'parentId'] : []) };
    const own = formDef(merchantResource, shape, '7');
    const keys = formEntries(own, 'update').map(([k]) => k);
    expect(keys).toEqual(expect.arrayContaining(['status', 'parentId', 'name']));
    expect(own.fields.status.createOnly).toBe(true);
    const values = { name: 'Formosa North', status: 'suspended', parentId: '1', principal: 'Lin' };
    const body = await toRequestBody(own, 'update', values, plain);
    expect(body).not.toHaveProperty('status');
    expect(body).not.toHaveProperty('parentId');
    expect(body).toMatchObject({ name: 'Formosa North', principal: 'Lin' });
    // Another merchant's row, and any new one, may set both.
    const other = await toRequestBody(formDef(merchantResource, shape, '8'), 'update', values, plain);
    expect(other).toMatchObject({ status: 'suspended', parentId: '1' });
    expect(formDef(merchantResource, shape)).toBe(merchantResource);
  });

  it('sends only the fields of the form: an edit does not clear the others', async () => {
    const def = formDef(accountResource, { fields: ['name', 'phone'] });
    const body = await toRequestBody(def, 'update', { name: 'Ann', phone: '' }, plain);
    expect(body).toEqual({ name: 'Ann', phone: null });
  });

  it('refuses a field the resource does not have', () => {
    expect(() => formDef(accountResource, { fields: ['nope'] })).toThrow(/no field nope/);
  });
});

describe('merchant and store bodies', () => {
  it('encrypts secrets and leaves an empty one out on edit (unchanged)', async () => {
    const body = await toRequestBody(
      merchantResource,
      'update',
      { name: 'Brew', posApiKey: '', appApiKey: 'new-key', businessLicense: '42' },
      plain,
    );
    expect(body).not.toHaveProperty('posApiKey');
    expect(body.appApiKey).toBe('enc(new-key)');
    expect(body.businessLicense).toBe('42');
    expect(body).not.toHaveProperty('loginAccount');
    expect(body).not.toHaveProperty('password');
  });

  it('sends a store photo as its upload id and weekdays as a list', async () => {
    const body = await toRequestBody(
      storeResource,
      'create',
      { name: 'Kiosk', type: 'pick-up', photo: '123', operatingDays: ['mon', 'fri'], latitude: 25.1 },
      plain,
    );
    expect(body).toMatchObject({ photo: '123', operatingDays: ['mon', 'fri'], latitude: 25.1 });
  });
});
