import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, draftKey, loadDraft, saveDraft } from './draft-storage';
import { emptyDraft } from './product-draft';

afterEach(() => localStorage.clear());

describe('product drafts', () => {
  it('are kept per user, route and product', () => {
    expect(draftKey('7', 'produce-name-create')).toBe('brewfleet:product-draft:7:produce-name-create:new');
    expect(draftKey('7', 'produce-name-editProduce', '42')).not.toBe(
      draftKey('8', 'produce-name-editProduce', '42'),
    );
  });

  it('come back as they were left, with the step and the time', () => {
    const key = draftKey('7', 'produce-name-create');
    const draft = { ...emptyDraft('coffee'), name: 'Flat white' };
    saveDraft(key, draft, 2, new Date('2026-03-01T08:30:00Z'));
    expect(loadDraft(key)).toEqual({ draft, step: 2, savedAt: '2026-03-01T08:30:00.000Z' });
    clearDraft(key);
    expect(loadDraft(key)).toBeNull();
  });

  it('ignore what they cannot read (another version, broken text)', () => {
    localStorage.setItem('a', '{not json');
    localStorage.setItem('b', JSON.stringify({ version: 0, draft: emptyDraft('tea'), step: 1 }));
    localStorage.setItem('c', JSON.stringify({ version: 1, draft: { name: 'x' }, step: 1 }));
    expect([loadDraft('a'), loadDraft('b'), loadDraft('c'), loadDraft('missing')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('keep the single image of a draft left before products had several, as the cover', () => {
    const { images: _, ...old } = { ...emptyDraft('coffee'), name: 'Mocha' };
    localStorage.setItem('old', JSON.stringify({ version: 1, draft: { ...old, image: '77' }, step: 0 }));
    expect(loadDraft('old')?.draft).toEqual({ ...emptyDraft('coffee'), name: 'Mocha', images: ['77'] });
  });
});
