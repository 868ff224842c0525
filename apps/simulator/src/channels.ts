/**
 * The channels (hoppers, tanks, pumps) of each machine family with their capacities, and a machine's
 * levels: cups and test dispenses drain them, staff refill them. A full machine makes some fifty
 * cups or more before its first channel runs low, as in a shop's shift. Levels never go below zero: a cup
 * whose ingredients are not all there is not started (the machine's level sensors say so).
 */
import type { Family } from './families.ts';

export interface ChannelSpec {
  channel: number;
  material: string;
  capacityG: number;
}

export const CHANNELS: Record<Family, ChannelSpec[]> = {
  coffee: [
    { channel: 1, material: 'coffee beans', capacityG: 2000 },
    { channel: 2, material: 'milk powder', capacityG: 1500 },
    { channel: 3, material: 'chocolate powder', capacityG: 1200 },
    { channel: 4, material: 'water', capacityG: 12_000 },
  ],
  tea: [
    { channel: 1, material: 'oolong leaves', capacityG: 800 },
    { channel: 2, material: 'black tea leaves', capacityG: 800 },
    { channel: 3, material: 'jasmine green leaves', capacityG: 800 },
    { channel: 4, material: 'water', capacityG: 25_000 },
  ],
  'ice-sand': [
    { channel: 1, material: 'ice-sand base', capacityG: 15_000 },
    { channel: 2, material: 'mango syrup', capacityG: 2000 },
    { channel: 3, material: 'taro syrup', capacityG: 2000 },
  ],
  'milk-frother': [{ channel: 1, material: 'fresh milk', capacityG: 12_000 }],
  blender: [
    { channel: 1, material: 'strawberry purée', capacityG: 4000 },
    { channel: 2, material: 'banana purée', capacityG: 4000 },
    { channel: 3, material: 'yoghurt', capacityG: 8000 },
  ],
};

/** A level below this share of the capacity is "low": a material event, and staff may refill. */
export const LOW_LEVEL_SHARE = 0.15;

export interface Level {
  channel: number;
  grams: number;
  capacityG: number;
}

export class ChannelLevels {
  private readonly grams = new Map<number, number>();
  private readonly capacity = new Map<number, number>();

  constructor(specs: ChannelSpec[]) {
    for (const s of specs) {
      this.capacity.set(s.channel, s.capacityG);
      this.grams.set(s.channel, s.capacityG);
    }
  }

  has = (channel: number) => this.capacity.has(channel);
  level = (channel: number) => this.grams.get(channel) ?? 0;
  isLow = (channel: number) => this.level(channel) < LOW_LEVEL_SHARE * (this.capacity.get(channel) ?? 0);
  low = () => [...this.capacity.keys()].filter(this.isLow);

  /** Whether every ingredient of a cup is there in full. */
  covers(materials: Array<{ channel: number; grams: number }>): boolean {
    return materials.every((m) => this.level(m.channel) >= m.grams);
  }

  /** Takes up to `grams` (what is there); returns the channels that crossed below the low level. */
  drain(materials: Array<{ channel: number; grams: number }>): number[] {
    const crossed: number[] = [];
    for (const m of materials) {
      const wasLow = this.isLow(m.channel);
      this.grams.set(m.channel, Math.max(0, this.level(m.channel) - m.grams));
      if (!wasLow && this.isLow(m.channel)) crossed.push(m.channel);
    }
    return crossed;
  }

  refill(channel: number): void {
    this.grams.set(channel, this.capacity.get(channel) ?? 0);
  }

  /** For tests and the debug dispense: set a level directly (clamped to 0…capacity). */
  set(channel: number, grams: number): void {
    this.grams.set(channel, Math.min(this.capacity.get(channel) ?? 0, Math.max(0, grams)));
  }

  snapshot(): Level[] {
    return [...this.capacity].map(([channel, capacityG]) => ({
      channel,
      grams: Math.round(this.level(channel) * 10) / 10,
      capacityG,
    }));
  }
}
