import { describe, expect, it } from 'vitest';
import { COMMAND_STATES, LANGUAGES, MENU_RELEASE_STATES, MENU_STATUSES } from '@brewfleet/contracts/enums';
import { initI18n, setLanguage } from '../../app/i18n';
import { COMMAND_STATE_COLORS } from '../device/CommandStateTag';
import { ALL_ACTIONS } from '../products/steps/recipe-actions';
import { colorOf, MENU_STATUS_COLORS, PHASE_COLORS, RELEASE_STATE_COLORS } from './menu-colors';
import { byFamily, parameterText, productsForFamily, recipeLines } from './menu-content';
import { phaseOf } from './progress-merge';
import { latestTaken, pickRelease } from './use-releases';
import { menuStatusMoved } from './use-refetch-on-menu-status';

/** WCAG relative luminance contrast of white text on a #rrggbb background. */
function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (l + 0.05);
}

describe('state colours', () => {
  it('cover every release state, menu status and phase, each readable with white text', () => {
    for (const state of MENU_RELEASE_STATES) expect(RELEASE_STATE_COLORS[state], state).toBeDefined();
    for (const status of MENU_STATUSES) expect(MENU_STATUS_COLORS[status], status).toBeDefined();
    for (const color of [
      ...Object.values(RELEASE_STATE_COLORS),
      ...Object.values(MENU_STATUS_COLORS),
      ...Object.values(PHASE_COLORS),
    ])
      expect(contrastWithWhite(color), color).toBeGreaterThanOrEqual(4.5);
  });

  it('tell done from partly taken, and updated from not updated', () => {
    expect(RELEASE_STATE_COLORS.done).not.toBe(RELEASE_STATE_COLORS.partial);
    expect(MENU_STATUS_COLORS.updated).not.toBe(MENU_STATUS_COLORS['not-updated']);
  });

  it('colour a phase as the command state behind it', () => {
    for (const state of COMMAND_STATES) {
      const phase = phaseOf({ state, online: true });
      if (phase === 'succeeded' || phase === 'failed')
        expect(PHASE_COLORS[phase], state).toBe(COMMAND_STATE_COLORS[state === 'expired' ? 'failed' : state]);
    }
  });

  it('give an unknown value a neutral colour', () => {
    expect(colorOf(RELEASE_STATE_COLORS, 'archived')).toBe(RELEASE_STATE_COLORS.draft);
  });
});

const espresso = {
  code: 'ESP',
  family: 'coffee',
  recipe: { steps: [{ action: 'brew', channel: 1, params: { powderG: 18, temperatureC: 93 } }] },
} as const;

describe('menu content', () => {
  it('groups products by family in the order they come', () => {
    const products = [
      { code: 'A', family: 'coffee' },
      { code: 'T', family: 'tea' },
      { code: 'B', family: 'coffee' },
    ];
    expect(byFamily(products).map(([family, list]) => [family, list.map((p) => p.code)])).toEqual([
      ['coffee', ['A', 'B']],
      ['tea', ['T']],
    ]);
    expect(productsForFamily(products, 'tea').map((p) => p.code)).toEqual(['T']);
  });

  it('reads recipe steps with the actions’, parameters’ names and units in the language shown', async () => {
    const i18n = await initI18n('en');
    expect(recipeLines(espresso as never, 'en', i18n.getFixedT('en'))).toEqual([
      'Brew #1: Powder 18 g, Temperature 93 °C',
    ]);
    await setLanguage('tw');
    expect(recipeLines(espresso as never, 'tw', i18n.getFixedT('tw'))).toEqual([
      '萃取 #1: 粉量 18 g, 溫度 93 °C',
    ]);
    expect(parameterText('coffee', 'mysteryX', 3, 'en')).toBe('mysteryX 3');
    // An action the console has no name for is shown as the machine calls it.
    const odd = { family: 'coffee', recipe: { steps: [{ action: 'whirl', params: {} }] } };
    expect(recipeLines(odd as never, 'tw', i18n.getFixedT('tw'))).toEqual(['whirl: ']);
  });

  it('name every action a recipe may use (the seeded demo menu’s too) in the three languages', async () => {
    const i18n = await initI18n('en');
    const actions = [...ALL_ACTIONS, 'chocolate', 'base', 'steam', 'froth'];
    for (const language of LANGUAGES) {
      await setLanguage(language);
      for (const action of actions)
        expect(i18n.exists(`productFlow.actions.${action}`, { lng: language }), `${language} ${action}`).toBe(
          true,
        );
    }
  });
});

describe('releases looked up', () => {
  it('by exact version, the machine’s merchant first', () => {
    const rows = [
      { id: '1', version: '2026-11-22.10', merchantId: '5' },
      { id: '2', version: '2026-11-22.1', merchantId: '6' },
      { id: '3', version: '2026-11-22.1', merchantId: '5' },
    ];
    expect(pickRelease(rows, '2026-11-22.1', '5')?.id).toBe('3');
    expect(pickRelease(rows, '2026-11-22.1', '9')?.id).toBe('2');
    expect(pickRelease(rows, '2026-11-23.1', '5')).toBeNull();
  });

  it('a store’s current menu: the latest pushed that machines took', () => {
    const rows = [
      { id: 'draft', pushedAt: null, succeeded: 0 },
      { id: 'rejected', pushedAt: '2026-11-22T10:00:00Z', succeeded: 0 },
      { id: 'taken', pushedAt: '2026-11-22T09:00:00Z', succeeded: 2 },
      { id: 'older', pushedAt: '2026-11-21T09:00:00Z', succeeded: 3 },
    ];
    expect(latestTaken(rows)?.id).toBe('taken');
    expect(latestTaken(rows.slice(0, 2))).toBeNull();
  });

  it('read machines again only when a shown machine’s menu status moved', () => {
    const before = new Map<string, unknown>([['1', 'not-updated']]);
    expect(menuStatusMoved(before, [{ id: '1', menuStatus: 'updated' }])).toBe(true);
    expect(menuStatusMoved(before, [{ id: '1', menuStatus: 'not-updated' }])).toBe(false);
    // Another page or store: new rows are no move.
    expect(menuStatusMoved(before, [{ id: '2', menuStatus: 'updated' }])).toBe(false);
  });
});
