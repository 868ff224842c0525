/**
 * The menu seed's buttons come from the permission codes: every declared code is grantable
 * through the seed exactly once as a button or as a page's own, and a resource's page carries its
 * definition's codes as buttons. (apps/server's route-coverage test compares them with the routes.)
 */
import { describe, expect, it } from 'vitest';
import { MENU_TYPE } from '../src/enums.ts';
import { MENU_SEED } from '../src/menu-seed.ts';
import { ALL_PERMISSION_CODES, P } from '../src/permissions.ts';
import { RESOURCES } from '../src/resources/index.ts';
import { simplifiedOnlyChars } from '../src/i18n/simplified-check.ts';

const pages = MENU_SEED.filter((n) => n.type === MENU_TYPE.page);
const buttons = MENU_SEED.filter((n) => n.type === MENU_TYPE.button);
const buttonsOf = (pageId: string) => buttons.filter((b) => b.parentId === pageId).map((b) => b.perms);

describe('menu seed', () => {
  it('grants every declared code, each once per page list code, and nothing undeclared', () => {
    const pageCodes = new Set(pages.map((n) => n.perms).filter(Boolean));
    const buttonCodes = buttons.map((b) => b.perms);
    // Two pages of one list (store products, semi- and fully automatic) carry the same buttons.
    const listOf = (b: (typeof buttons)[number]) => pages.find((n) => n.id === b.parentId)!.perms;
    for (const code of new Set(buttonCodes)) {
      const lists = new Set(buttons.filter((b) => b.perms === code).map(listOf));
      expect(lists.size, `${code} on the buttons of several lists`).toBe(1);
    }
    for (const code of buttonCodes)
      expect(pageCodes.has(code), `${code}: a page's and a button's`).toBe(false);
    expect([...new Set([...pageCodes, ...buttonCodes])].sort()).toEqual([...ALL_PERMISSION_CODES].sort());
  });

  it("gives a resource's page its definition's codes as buttons", () => {
    let checked = 0;
    for (const def of Object.values(RESOURCES)) {
      const { list, ...others } = def.permissions;
      // A resource no menu lists yet is checked by the test above, code by code.
      if (!pages.some((n) => n.perms === list)) continue;
      const page = pages.find((n) => n.perms === list && buttonsOf(n.id).length);
      const codes = Object.values(others).filter((code): code is string => !!code);
      if (!codes.length) continue;
      expect(page, `${def.name}: no page with buttons`).toBeDefined();
      // A code that opens a page of its own (distribution) is that page's, not a button.
      const ownPages = new Set(pages.map((n) => n.perms));
      expect(buttonsOf(page!.id), def.name).toEqual(
        expect.arrayContaining(codes.filter((code) => !ownPages.has(code))),
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });

  it("numbers a page's buttons after it, in its permission group's order", () => {
    for (const page of pages) {
      const own = buttons.filter((b) => b.parentId === page.id);
      own.forEach((b, i) => {
        expect(b.id).toBe(String(Number(page.id) * 100 + i + 1));
        expect(b.orderNum).toBe(i);
      });
      const at = MENU_SEED.indexOf(page);
      expect(MENU_SEED.slice(at + 1, at + 1 + own.length)).toEqual(own);
    }
    // Buttons keep the ids roles were granted by (the store staff's lock … restart, a refill).
    expect(buttonsOf('1310').slice(7, 12)).toEqual([
      P.device.lock,
      P.device.unlock,
      P.device.startup,
      P.device.shutdown,
      P.device.restart,
    ]);
    expect(buttons.find((b) => b.id === '141305')?.perms).toBe(P.deviceChannel.refill);
    expect(buttonsOf('1710')).toEqual([
      P.menuRelease.create,
      P.menuRelease.push,
      P.menuRelease.rollback,
      P.menuRelease.delete,
    ]);
  });

  it('titles every button in zh, tw (traditional) and en', () => {
    for (const b of buttons) {
      expect([b.name, b.twName, b.enName].every(Boolean), b.perms).toBe(true);
      expect(simplifiedOnlyChars(b.twName), b.perms).toEqual([]);
    }
  });
});
