import { describe, expect, it } from 'vitest';
import { RESOURCE_TEXTS, SHEET_WORDS } from '@brewfleet/contracts/i18n/resource-texts';
import { en } from './en';
import { tw } from './tw';
import { zh } from './zh';
import { resourceTexts } from './resource-texts';

describe("the server's copy of the resource texts", () => {
  it('is what the locales say (run `npm run resource:texts` after changing a resource text)', () => {
    const { resources, words } = resourceTexts({ en, zh, tw });
    expect(SHEET_WORDS).toEqual(words);
    expect(RESOURCE_TEXTS).toEqual(resources);
  });

  it('gives every language of a field and of an enum value', () => {
    expect(RESOURCE_TEXTS.device.fields.modelId).toEqual({ en: 'Model', zh: '型号', tw: '型號' });
    expect(RESOURCE_TEXTS.device.values.automation['semi-automatic'].tw).toBe('半自動');
  });
});
