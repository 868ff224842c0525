/**
 * The actions a recipe step may name, per machine family, as the machines call them (contracts
 * recipes.ts: grind, brew, milk, foam, steep, ice, blend …). A stored step with another action (an
 * imported product) keeps it and shows it as it is. Each has a name in every language
 * (`productFlow.actions`), as have a few others machines report (OTHER_ACTIONS).
 */
import type { MachineFamily } from '@brewfleet/contracts/recipes';

export const RECIPE_ACTIONS: Record<MachineFamily, readonly string[]> = {
  coffee: ['grind', 'brew', 'milk', 'foam', 'syrup', 'chocolate'],
  tea: ['steep', 'milk', 'sugar'],
  'ice-sand': ['base', 'ice', 'syrup', 'blend'],
  'milk-frother': ['milk', 'foam', 'steam'],
  blender: ['fruit', 'yoghurt', 'ice', 'syrup', 'blend'],
};

/** Named in the console too, though not offered for a new step (older or imported recipes). */
export const OTHER_ACTIONS = ['froth', 'dispense'] as const;

export const ALL_ACTIONS = [...new Set([...Object.values(RECIPE_ACTIONS).flat(), ...OTHER_ACTIONS])];
