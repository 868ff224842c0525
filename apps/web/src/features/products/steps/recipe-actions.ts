/**
 * The actions a recipe step may name, per machine family, as the machines call them (contracts
 * recipes.ts: grind, brew, milk, foam, steep, ice, blend …). A stored step with another action (an
 * imported product) keeps it and shows it as it is.
 */
import type { MachineFamily } from '@brewfleet/contracts/recipes';

export const RECIPE_ACTIONS: Record<MachineFamily, readonly string[]> = {
  coffee: ['grind', 'brew', 'milk', 'foam', 'syrup'],
  tea: ['steep', 'milk', 'sugar'],
  'ice-sand': ['ice', 'syrup', 'blend'],
  'milk-frother': ['milk', 'foam'],
  blender: ['fruit', 'yoghurt', 'ice', 'syrup', 'blend'],
};

export const ALL_ACTIONS = [...new Set(Object.values(RECIPE_ACTIONS).flat())];
