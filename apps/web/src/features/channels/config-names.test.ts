import { describe, expect, it } from 'vitest';
import { channelsOfConfig, configNameSpans, distinctConfigNames } from './config-names';

describe('configuration names', () => {
  it('lists each name once, sorted, without blanks', () => {
    const options = [
      { value: '1', label: 'Summer' },
      { value: '2', label: 'Autumn' },
      { value: '3', label: 'Summer' },
      { value: '4', label: ' ' },
      { value: '5', label: 'Summer 2' },
    ];
    expect(distinctConfigNames(options)).toEqual(['Autumn', 'Summer', 'Summer 2']);
  });

  it('keeps only the rows of exactly the chosen configuration', () => {
    const rows = [
      { id: '1', configName: 'Summer', channelNumber: 1 },
      { id: '2', configName: 'Summer 2', channelNumber: 1 },
      { id: '3', configName: 'Summer', channelNumber: 2 },
      { id: '4', configName: 'Indian summer', channelNumber: 1 },
    ];
    expect(channelsOfConfig(rows, 'Summer').map((r) => r.id)).toEqual(['1', '3']);
  });

  it('merges the name cells of neighbouring rows of one configuration', () => {
    const names = ['A', 'A', 'A', 'B', 'A', 'C', 'C'];
    expect(configNameSpans(names.map((configName) => ({ configName })))).toEqual([3, 0, 0, 1, 1, 2, 0]);
    expect(configNameSpans([])).toEqual([]);
  });
});
