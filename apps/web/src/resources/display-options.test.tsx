/**
 * The display options a definition carries in contracts, as the generic page reads them: a hint
 * above the list, a column's width, a named cell, the owner picker of a merchant's rows.
 */
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '@brewfleet/contracts/resources/index';
import { commandConfigResource } from '@brewfleet/contracts/resources/commands';
import { materialResource } from '@brewfleet/contracts/resources/catalog';
import { storeResource } from '@brewfleet/contracts/resources/store';
import { initI18n } from '../app/i18n';
import { userStore } from '../app/stores/user-store';
import { en } from '../locales/en';
import { tw } from '../locales/tw';
import { zh } from '../locales/zh';
import CellValue from './CellValue';
import { columnFit } from './column-fit';
import { useOwnerPicker } from './use-owner-picker';

const lookup = (locale: object, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], locale);

afterEach(cleanup);
beforeAll(() => initI18n('en'));

describe('display options', () => {
  it('name hints that every locale has', () => {
    const hinted = Object.values(RESOURCES).filter((def) => def.hint);
    expect(hinted.map((def) => def.name)).toEqual(
      expect.arrayContaining(['material', 'small-material', 'option', 'product-parameter']),
    );
    for (const def of hinted)
      for (const [lang, locale] of Object.entries({ en, zh, tw }))
        expect(typeof lookup(locale, def.hint!), `${lang} ${def.hint}`).toBe('string');
  });

  it("let a field's width cut its column where the kind's would not", () => {
    expect(columnFit({ kind: 'text' }, 'Name').maxWidth).toBe(196);
    expect(columnFit({ kind: 'text', width: 120 }, 'Name').maxWidth).toBe(96);
    expect(columnFit({ kind: 'int', width: 120 }, 'Cups').maxWidth).toBe(96);
  });

  it('show seconds as a duration where the field asks for it', () => {
    const field = commandConfigResource.fields.expirySeconds;
    render(<CellValue resource="command-config" name="expirySeconds" field={field} value={604_800} />);
    expect(screen.getByText('7 days')).toBeInTheDocument();
  });

  it("start a merchant user's form on its merchant; a platform user must choose", () => {
    act(() => userStore.setState({ partnerType: 'merchant', partnerId: '5' }));
    const merchant = renderHook(() => useOwnerPicker(materialResource)).result.current;
    expect(merchant).toEqual({
      overrides: { merchantId: { required: false } },
      createDefaults: { merchantId: '5' },
    });
    // A store is asked of everyone ('always'), starting on the merchant's own.
    expect(renderHook(() => useOwnerPicker(storeResource)).result.current.overrides).toEqual({
      merchantId: { required: true },
    });
    act(() => userStore.setState({ partnerType: 'platform', partnerId: '1' }));
    expect(renderHook(() => useOwnerPicker(materialResource)).result.current).toEqual({
      overrides: { merchantId: { required: true } },
      createDefaults: undefined,
    });
    expect(renderHook(() => useOwnerPicker(commandConfigResource)).result.current).toEqual({});
  });
});
