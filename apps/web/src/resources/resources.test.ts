import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  accountResource,
  menuResource,
  operationLogResource,
  roleResource,
} from '@brewfleet/contracts/resources/index';
import { formEntries, isListed, offers, searchEntries } from './field-meta';
import { toFormValues, toRequestBody } from './form-values';
import { buildListFilters, sortParam } from './list-query';

describe('field meta', () => {
  it('keeps passwords out of lists and out of the edit form', () => {
    expect(isListed(accountResource.fields.password)).toBe(false);
    const create = formEntries(accountResource, 'create').map(([k]) => k);
    const update = formEntries(accountResource, 'update').map(([k]) => k);
    expect(create).toEqual(expect.arrayContaining(['account', 'password', 'confirmPassword']));
    expect(update).toContain('account');
    expect(update).not.toContain('password');
    expect(update).not.toContain('partnerType');
  });

  it('knows what a resource does not offer', () => {
    expect(offers(operationLogResource, 'create')).toBe(false);
    expect(offers(roleResource, 'create')).toBe(true);
    expect(formEntries(roleResource, 'create').map(([k]) => k)).not.toContain('menuIdList');
  });
});

describe('list filters', () => {
  it('drops empty values, sends ranges as From/To and `in` as arrays', () => {
    const from = dayjs('2026-01-02T03:04:05+08:00');
    const to = dayjs('2026-01-03T00:00:00+08:00');
    expect(
      buildListFilters(operationLogResource, {
        account: ' admin ',
        outcome: '',
        createdAt: [from, to],
        ip: undefined,
      }),
    ).toEqual({
      account: 'admin',
      createdAtFrom: from.format(),
      createdAtTo: to.endOf('second').format(),
    });
    expect(
      buildListFilters(accountResource, { roleIds: ['1', '2'], status: 'normal', notes: 'not searchable' }),
    ).toEqual({
      roleIds: ['1', '2'],
      status: 'normal',
    });
    expect(searchEntries(menuResource).map(([k]) => k)).toContain('perms');
  });

  it('maps table sorting to field / -field', () => {
    expect(sortParam('name', 'ascend')).toBe('name');
    expect(sortParam('name', 'descend')).toBe('-name');
    expect(sortParam('name', null)).toBeUndefined();
  });
});

describe('form values', () => {
  const encrypt = async (text: string) => `enc(${text})`;

  it('encrypts every password field and leaves empty optionals out on create', async () => {
    const body = await toRequestBody(
      accountResource,
      'create',
      {
        account: 'clerk',
        name: ' Clerk ',
        password: 'Secret-123',
        confirmPassword: 'Secret-123',
        email: '',
        roleIds: ['5'],
      },
      encrypt,
    );
    expect(body).toEqual({
      account: 'clerk',
      name: 'Clerk',
      password: 'enc(Secret-123)',
      confirmPassword: 'enc(Secret-123)',
      roleIds: ['5'],
    });
  });

  it('never sends create-only fields on edit, and clears emptied optionals', async () => {
    const body = await toRequestBody(
      accountResource,
      'update',
      { account: 'clerk', name: 'C', email: '' },
      encrypt,
    );
    expect(body).not.toHaveProperty('account');
    expect(body).toMatchObject({ name: 'C', email: null });
  });

  it('reads items into the form, treating parent 0 as top level', () => {
    const values = toFormValues(menuResource, { id: '1', parentId: '0', name: 'n', type: 1 });
    expect(values).toEqual({ name: 'n', type: 1 });
    const log = toFormValues(operationLogResource, { id: '2', createdAt: '2026-01-01T00:00:00Z' });
    expect(dayjs.isDayjs(log.createdAt)).toBe(true);
  });
});
