import { describe, expect, it } from 'vitest';
import { expiryState, isLow, levelPercent, nextChannelNumber } from './channel-status';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const hoursFromNow = (h: number) => new Date(NOW + h * 3_600_000).toISOString();

describe('channel level', () => {
  it('is the level over the capacity, rounded and kept within 0–100', () => {
    expect(levelPercent(250, 1000)).toBe(25);
    expect(levelPercent(333.4, 1000)).toBe(33);
    expect(levelPercent(1200, 1000)).toBe(100);
    expect(levelPercent(-5, 1000)).toBe(0);
    expect(levelPercent('500', '2000')).toBe(25);
  });

  it('is unknown without a level or a positive capacity', () => {
    expect(levelPercent(null, 1000)).toBeNull();
    expect(levelPercent(100, null)).toBeNull();
    expect(levelPercent(100, 0)).toBeNull();
    expect(levelPercent(undefined, undefined)).toBeNull();
  });
});

describe('channel low level', () => {
  it('is a reported level below the low level, as the server counts it', () => {
    expect(isLow({ levelG: 99.5, lowLevelG: 100 })).toBe(true);
    expect(isLow({ levelG: 100, lowLevelG: 100 })).toBe(false);
    expect(isLow({ levelG: '20', lowLevelG: '50' })).toBe(true);
  });

  it('is not assumed when the level or the low level is unknown', () => {
    expect(isLow({ levelG: null, lowLevelG: 100 })).toBe(false);
    expect(isLow({ levelG: 5, lowLevelG: null })).toBe(false);
  });
});

describe('channel expiry', () => {
  it('is expired once expiresAt has passed', () => {
    expect(expiryState({ expiresAt: hoursFromNow(-1), shelfLifeHours: 24 }, NOW)).toBe('expired');
    expect(expiryState({ expiresAt: hoursFromNow(0), shelfLifeHours: 24 }, NOW)).toBe('expired');
  });

  it('is expiring in the last fifth of the shelf life', () => {
    expect(expiryState({ expiresAt: hoursFromNow(4), shelfLifeHours: 24 }, NOW)).toBe('expiring');
    expect(expiryState({ expiresAt: hoursFromNow(5), shelfLifeHours: 24 }, NOW)).toBe('fresh');
  });

  it('is fresh when the shelf life is unknown and the date is ahead', () => {
    expect(expiryState({ expiresAt: hoursFromNow(1), shelfLifeHours: null }, NOW)).toBe('fresh');
  });

  it('is unknown without a date, or with one that does not parse', () => {
    expect(expiryState({ expiresAt: null, shelfLifeHours: 24 }, NOW)).toBe('unknown');
    expect(expiryState({ expiresAt: 'soon', shelfLifeHours: 24 }, NOW)).toBe('unknown');
  });
});

describe('next channel number', () => {
  it('is the first free number', () => {
    expect(nextChannelNumber([])).toBe(1);
    expect(nextChannelNumber([{ channelNumber: 1 }, { channelNumber: 2 }, { channelNumber: 4 }])).toBe(3);
    expect(nextChannelNumber([{ channelNumber: 2 }])).toBe(1);
  });

  it('offers none when every number is taken', () => {
    expect(nextChannelNumber([{ channelNumber: 1 }, { channelNumber: 2 }], 2)).toBeUndefined();
  });
});
