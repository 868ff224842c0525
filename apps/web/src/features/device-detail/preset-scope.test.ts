import { describe, expect, it } from 'vitest';
import { presetScope } from './preset-scope';

describe('presets offered to machines', () => {
  it('asks for the family every machine shares', () => {
    expect(presetScope([{ family: 'coffee' }])).toEqual({
      kind: 'family',
      family: 'coffee',
      query: 'coffee',
    });
    expect(presetScope([{ family: 'tea' }, { family: 'tea' }])).toMatchObject({
      kind: 'family',
      query: 'tea',
    });
  });

  it('asks only for the presets of no family when the families differ', () => {
    expect(presetScope([{ family: 'coffee' }, { family: 'tea' }, { family: 'coffee' }])).toEqual({
      kind: 'mixed',
      families: ['coffee', 'tea'],
      query: 'none',
    });
  });

  it('treats a machine without a family as one no family-bound preset suits', () => {
    expect(presetScope([{ family: null }])).toEqual({ kind: 'none', query: 'none' });
    expect(presetScope([{ family: 'blender' }, {}])).toEqual({ kind: 'none', query: 'none' });
  });
});
