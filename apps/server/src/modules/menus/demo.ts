/**
 * Demo menus (DEMO=1): a believable catalog for each demo brand — material, topping, snack and
 * extra-product types and lists, options, a code rule, and products of the families its machines
 * make (espresso drinks, extracted teas, ice-sand and smoothies, milk drinks) with their material
 * lines, recipes, recipe combinations and accessories — sold in its stores, and one menu per store
 * pushed to the demo fleet (the machines take it when they connect).
 *
 * Every catalog row goes through its resource's create hook, as the API's create does: a product is
 * checked as one saved in the console is (recipe within the family's ranges, material lines, options
 * and accessories its merchant may use), a material's minimum against its maximum. Recipes dose from
 * the demo machines' channels (@brewfleet/simulator CHANNELS); a product's line for a channel uses
 * the material of that name. A brand that already has a catalog, and a store that already has a
 * menu, are left as they are.
 */
import { sql } from 'drizzle-orm';
import type { MachineFamily, Recipe } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { createAsMerchant } from '../../platform/crud/create-as-merchant.ts';
import type { ResourceRegistry } from '../../platform/crud/registry.ts';
import type { Row } from '../../platform/crud/types.ts';
import type { FleetService } from '../fleet/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import { releaseProducts } from './menu-content.ts';
import { nextVersion, pushRelease } from './menus.ts';

type Unit = 'g' | 'ml' | 'piece';

/** A material: its type, unit, shelf life once opened (hours) and the dose range of one cup. */
interface DemoMaterial {
  code: string;
  type: string;
  unit: Unit;
  shelfLifeHours: number | null;
  min: number;
  max: number;
  description?: string;
}

const DEMO_MATERIALS: Record<string, DemoMaterial> = {
  'Coffee beans': {
    code: 'CB-01',
    type: 'Coffee and cocoa',
    unit: 'g',
    shelfLifeHours: 720,
    min: 7,
    max: 22,
    description: 'House espresso blend, medium-dark roast (espresso machines, channel 1)',
  },
  'Chocolate powder': {
    code: 'CB-02',
    type: 'Coffee and cocoa',
    unit: 'g',
    shelfLifeHours: 720,
    min: 5,
    max: 25,
    description: 'Espresso machines, channel 3',
  },
  'Milk powder': {
    code: 'DA-01',
    type: 'Dairy',
    unit: 'g',
    shelfLifeHours: 720,
    min: 5,
    max: 25,
    description: 'Espresso machines, channel 2',
  },
  'Fresh milk': {
    code: 'DA-02',
    type: 'Dairy',
    unit: 'ml',
    shelfLifeHours: 72,
    min: 50,
    max: 400,
    description: 'Whole milk, kept at 2–5 °C (milk frothers, channel 1)',
  },
  'Oat milk': { code: 'DA-03', type: 'Dairy', unit: 'ml', shelfLifeHours: 168, min: 30, max: 300 },
  Yoghurt: {
    code: 'DA-04',
    type: 'Dairy',
    unit: 'g',
    shelfLifeHours: 120,
    min: 50,
    max: 250,
    description: 'Plain set yoghurt (blenders, channel 3)',
  },
  'Cream cheese': { code: 'DA-05', type: 'Dairy', unit: 'g', shelfLifeHours: 48, min: 20, max: 60 },
  'Oolong leaves': {
    code: 'TL-01',
    type: 'Tea leaves',
    unit: 'g',
    shelfLifeHours: 2160,
    min: 2,
    max: 12,
    description: 'High-mountain oolong (tea extractors, channel 1)',
  },
  'Black tea leaves': {
    code: 'TL-02',
    type: 'Tea leaves',
    unit: 'g',
    shelfLifeHours: 2160,
    min: 2,
    max: 14,
    description: 'Assam black tea (tea extractors, channel 2)',
  },
  'Jasmine green leaves': {
    code: 'TL-03',
    type: 'Tea leaves',
    unit: 'g',
    shelfLifeHours: 2160,
    min: 2,
    max: 12,
    description: 'Jasmine-scented green tea (tea extractors, channel 3)',
  },
  'Cane sugar syrup': {
    code: 'SY-01',
    type: 'Syrups and purées',
    unit: 'g',
    shelfLifeHours: 336,
    min: 0,
    max: 40,
  },
  'Mango syrup': {
    code: 'SY-02',
    type: 'Syrups and purées',
    unit: 'ml',
    shelfLifeHours: 336,
    min: 10,
    max: 60,
    description: 'Ice-sand machines, channel 2',
  },
  'Taro syrup': {
    code: 'SY-03',
    type: 'Syrups and purées',
    unit: 'ml',
    shelfLifeHours: 336,
    min: 10,
    max: 60,
    description: 'Ice-sand machines, channel 3',
  },
  'Ice-sand base': {
    code: 'SY-04',
    type: 'Syrups and purées',
    unit: 'ml',
    shelfLifeHours: 72,
    min: 50,
    max: 400,
    description: 'Milk and sugar base frozen to ice-sand (ice-sand machines, channel 1)',
  },
  'Strawberry purée': {
    code: 'FR-01',
    type: 'Fruit',
    unit: 'g',
    shelfLifeHours: 72,
    min: 30,
    max: 300,
    description: 'Blenders, channel 1',
  },
  'Banana purée': {
    code: 'FR-02',
    type: 'Fruit',
    unit: 'g',
    shelfLifeHours: 48,
    min: 30,
    max: 300,
    description: 'Blenders, channel 2',
  },
  'Mango purée': { code: 'FR-03', type: 'Fruit', unit: 'g', shelfLifeHours: 72, min: 20, max: 120 },
  Water: {
    code: 'WI-01',
    type: 'Water and ice',
    unit: 'ml',
    shelfLifeHours: null,
    min: 15,
    max: 700,
    description: 'Filtered water line',
  },
  Ice: { code: 'WI-02', type: 'Water and ice', unit: 'g', shelfLifeHours: 24, min: 0, max: 300 },
  'Tapioca pearls': {
    code: 'TP-01',
    type: 'Toppings',
    unit: 'g',
    shelfLifeHours: 4,
    min: 20,
    max: 80,
    description: 'Cooked in the morning; thrown away after 4 hours',
  },
  'Egg pudding': { code: 'TP-02', type: 'Toppings', unit: 'g', shelfLifeHours: 48, min: 30, max: 80 },
  'Coconut jelly': { code: 'TP-03', type: 'Toppings', unit: 'g', shelfLifeHours: 168, min: 20, max: 80 },
};
type MaterialName = keyof typeof DEMO_MATERIALS;

/** Toppings (small materials): free or charged, and what each takes of which material. */
const DEMO_TOPPINGS: Record<
  string,
  { type: string; charged: boolean; price: string; material: MaterialName | null; amount: number; unit: Unit }
> = {
  'Tapioca pearls': {
    type: 'Pearls and jellies',
    charged: true,
    price: '0.50',
    material: 'Tapioca pearls',
    amount: 50,
    unit: 'g',
  },
  'Coconut jelly': {
    type: 'Pearls and jellies',
    charged: true,
    price: '0.50',
    material: 'Coconut jelly',
    amount: 40,
    unit: 'g',
  },
  'Egg pudding': {
    type: 'Pearls and jellies',
    charged: true,
    price: '0.60',
    material: 'Egg pudding',
    amount: 60,
    unit: 'g',
  },
  'Cream cheese foam': {
    type: 'Foams and creams',
    charged: true,
    price: '0.80',
    material: 'Cream cheese',
    amount: 30,
    unit: 'g',
  },
  'Oat milk foam': {
    type: 'Foams and creams',
    charged: true,
    price: '0.60',
    material: 'Oat milk',
    amount: 60,
    unit: 'ml',
  },
  'Mango pulp': {
    type: 'Fruit toppings',
    charged: true,
    price: '0.70',
    material: 'Mango purée',
    amount: 40,
    unit: 'g',
  },
  'Extra foam': {
    type: 'Foams and creams',
    charged: false,
    price: '0.00',
    material: 'Fresh milk',
    amount: 30,
    unit: 'ml',
  },
  'Cocoa dusting': {
    type: 'Dustings',
    charged: false,
    price: '0.00',
    material: 'Chocolate powder',
    amount: 2,
    unit: 'g',
  },
  'Cinnamon dusting': {
    type: 'Dustings',
    charged: false,
    price: '0.00',
    material: null,
    amount: 1,
    unit: 'g',
  },
};
type ToppingName = keyof typeof DEMO_TOPPINGS;

const DEMO_SNACKS: Array<{ name: string; type: string; price: string; description: string }> = [
  { name: 'Butter croissant', type: 'Pastries', price: '2.80', description: 'Baked each morning' },
  { name: 'Almond croissant', type: 'Pastries', price: '3.20', description: 'With almond cream' },
  { name: 'Egg tart', type: 'Pastries', price: '1.90', description: 'Hong Kong style, short crust' },
  { name: 'Chocolate chip cookie', type: 'Cookies and cakes', price: '1.80', description: 'Dark chocolate' },
  { name: 'Pineapple cake', type: 'Cookies and cakes', price: '2.20', description: 'Taiwanese, boxed' },
];
type SnackName =
  'Butter croissant' | 'Almond croissant' | 'Egg tart' | 'Chocolate chip cookie' | 'Pineapple cake';

/** Extra products (packaging, delivery); their taxes are the taxes module's demo (taxes/demo.ts). */
const EXTRAS: Array<{ name: string; type: string; price: string }> = [
  { name: 'Paper bag', type: 'Packaging', price: '0.10' },
  { name: 'Cup carrier (4 cups)', type: 'Packaging', price: '0.20' },
  { name: 'Insulated delivery bag', type: 'Delivery', price: '0.50' },
];

/** A material line: the material, the amount of one regular cup, and the range staff may set. */
type Line = [material: MaterialName, amount: number, min: number, max: number];

type Demo = {
  code: string;
  name: string;
  family: MachineFamily;
  kind: 'drink' | 'tea';
  price: string;
  type: string;
  recipe: Recipe;
  materials: Line[];
  free?: ToppingName[];
  charged?: ToppingName[];
  snacks?: SnackName[];
};

const brew = (powderG: number, waterMl: number, temperatureC = 93) => ({
  action: 'brew',
  channel: 1,
  params: { powderG, waterMl, temperatureC, pressureBar: 9 },
});
/** Coffee machines make milk from the milk powder of channel 2. */
const milk = (powderG: number, milkMl: number, foamS: number) => ({
  action: 'milk',
  channel: 2,
  params: { powderG, milkMl, foamS },
});
const segments = (a: number, b: number, c: number) => [
  { out: true, rangeS: 45, amountG: a },
  { out: b > 0, rangeS: b > 0 ? 60 : 0, amountG: b },
  { out: c > 0, rangeS: c > 0 ? 75 : 0, amountG: c },
];

const COFFEE_SNACKS: SnackName[] = ['Butter croissant', 'Almond croissant', 'Chocolate chip cookie'];
const TEA_SNACKS: SnackName[] = ['Pineapple cake', 'Egg tart'];

const DEMO_PRODUCTS: Demo[] = [
  {
    code: 'ESP',
    name: 'Espresso',
    family: 'coffee',
    kind: 'drink',
    price: '2.80',
    type: 'Coffee',
    recipe: { steps: [brew(18, 40)] },
    materials: [
      ['Coffee beans', 18, 16, 20],
      ['Water', 40, 30, 50],
    ],
    snacks: COFFEE_SNACKS,
  },
  {
    code: 'AME',
    name: 'Americano',
    family: 'coffee',
    kind: 'drink',
    price: '3.20',
    type: 'Coffee',
    recipe: { steps: [brew(18, 220, 92)] },
    materials: [
      ['Coffee beans', 18, 16, 20],
      ['Water', 220, 180, 260],
    ],
    free: ['Cinnamon dusting'],
    snacks: COFFEE_SNACKS,
  },
  {
    code: 'LAT',
    name: 'Caffè latte',
    family: 'coffee',
    kind: 'drink',
    price: '3.90',
    type: 'Coffee',
    recipe: { steps: [brew(18, 40), milk(20, 200, 6)] },
    materials: [
      ['Coffee beans', 18, 16, 20],
      ['Milk powder', 20, 16, 24],
      ['Water', 240, 220, 260],
    ],
    free: ['Cinnamon dusting', 'Cocoa dusting'],
    charged: ['Oat milk foam'],
    snacks: COFFEE_SNACKS,
  },
  {
    code: 'CAP',
    name: 'Cappuccino',
    family: 'coffee',
    kind: 'drink',
    price: '3.80',
    type: 'Coffee',
    recipe: { steps: [brew(18, 40), milk(15, 150, 14)] },
    materials: [
      ['Coffee beans', 18, 16, 20],
      ['Milk powder', 15, 12, 18],
      ['Water', 190, 170, 210],
    ],
    free: ['Cinnamon dusting', 'Cocoa dusting'],
    charged: ['Oat milk foam'],
    snacks: COFFEE_SNACKS,
  },
  {
    code: 'MOC',
    name: 'Mocha',
    family: 'coffee',
    kind: 'drink',
    price: '4.30',
    type: 'Coffee',
    recipe: {
      steps: [brew(18, 40), { action: 'chocolate', channel: 3, params: { powderG: 20 } }, milk(12, 160, 8)],
    },
    materials: [
      ['Coffee beans', 18, 16, 20],
      ['Chocolate powder', 20, 16, 24],
      ['Milk powder', 12, 10, 15],
      ['Water', 200, 180, 220],
    ],
    free: ['Cocoa dusting'],
    charged: ['Oat milk foam'],
    snacks: COFFEE_SNACKS,
  },
  {
    code: 'OOL',
    name: 'Frozen-peak oolong',
    family: 'tea',
    kind: 'tea',
    price: '3.20',
    type: 'Tea',
    recipe: {
      steps: [{ action: 'steep', channel: 1, params: { waterMl: 350, temperatureC: 92 } }],
      segments: segments(5, 3, 0),
    },
    materials: [
      ['Oolong leaves', 8, 6, 10],
      ['Water', 350, 320, 380],
    ],
    charged: ['Cream cheese foam', 'Coconut jelly'],
    snacks: TEA_SNACKS,
  },
  {
    code: 'JAS',
    name: 'Jasmine green tea',
    family: 'tea',
    kind: 'tea',
    price: '3.00',
    type: 'Tea',
    recipe: {
      steps: [{ action: 'steep', channel: 3, params: { waterMl: 350, temperatureC: 80 } }],
      segments: segments(4, 2, 0),
    },
    materials: [
      ['Jasmine green leaves', 6, 5, 8],
      ['Water', 350, 320, 380],
    ],
    charged: ['Cream cheese foam', 'Coconut jelly'],
    snacks: TEA_SNACKS,
  },
  {
    code: 'BMT',
    name: 'Black milk tea',
    family: 'tea',
    kind: 'tea',
    price: '3.60',
    type: 'Tea',
    recipe: {
      steps: [
        { action: 'steep', channel: 2, params: { waterMl: 280, temperatureC: 95, milkMl: 80, sugarG: 12 } },
      ],
      segments: segments(6, 3, 2),
    },
    materials: [
      ['Black tea leaves', 11, 9, 13],
      ['Water', 280, 250, 300],
      ['Fresh milk', 80, 60, 100],
      ['Cane sugar syrup', 12, 0, 20],
    ],
    charged: ['Tapioca pearls', 'Egg pudding', 'Coconut jelly'],
    snacks: TEA_SNACKS,
  },
  {
    code: 'OMT',
    name: 'Oolong milk tea',
    family: 'tea',
    kind: 'tea',
    price: '3.80',
    type: 'Tea',
    recipe: {
      steps: [
        { action: 'steep', channel: 1, params: { waterMl: 250, temperatureC: 90, milkMl: 100, sugarG: 10 } },
      ],
      segments: segments(5, 3, 0),
    },
    materials: [
      ['Oolong leaves', 8, 6, 10],
      ['Water', 250, 220, 280],
      ['Fresh milk', 100, 80, 120],
      ['Cane sugar syrup', 10, 0, 20],
    ],
    charged: ['Tapioca pearls', 'Egg pudding'],
    snacks: TEA_SNACKS,
  },
  {
    code: 'MIS',
    name: 'Mango ice-sand',
    family: 'ice-sand',
    kind: 'drink',
    price: '4.50',
    type: 'Ice-sand and smoothies',
    recipe: {
      steps: [
        { action: 'base', channel: 1, params: { baseMl: 200, iceG: 160 } },
        { action: 'syrup', channel: 2, params: { syrupMl: 35 } },
        { action: 'blend', params: { blendS: 30 } },
      ],
    },
    materials: [
      ['Ice-sand base', 200, 180, 220],
      ['Mango syrup', 35, 25, 45],
      ['Ice', 160, 120, 200],
    ],
    charged: ['Mango pulp', 'Coconut jelly', 'Tapioca pearls'],
  },
  {
    code: 'TIS',
    name: 'Taro ice-sand',
    family: 'ice-sand',
    kind: 'drink',
    price: '4.50',
    type: 'Ice-sand and smoothies',
    recipe: {
      steps: [
        { action: 'base', channel: 1, params: { baseMl: 200, iceG: 160 } },
        { action: 'syrup', channel: 3, params: { syrupMl: 35 } },
        { action: 'blend', params: { blendS: 35 } },
      ],
    },
    materials: [
      ['Ice-sand base', 200, 180, 220],
      ['Taro syrup', 35, 25, 45],
      ['Ice', 160, 120, 200],
    ],
    charged: ['Tapioca pearls', 'Egg pudding'],
  },
  {
    code: 'SBS',
    name: 'Strawberry-banana smoothie',
    family: 'blender',
    kind: 'drink',
    price: '4.80',
    type: 'Ice-sand and smoothies',
    recipe: {
      steps: [
        { action: 'fruit', channel: 1, params: { fruitG: 120 } },
        { action: 'fruit', channel: 2, params: { fruitG: 80 } },
        { action: 'blend', params: { blendS: 45, iceG: 100 } },
      ],
    },
    materials: [
      ['Strawberry purée', 120, 100, 140],
      ['Banana purée', 80, 60, 100],
      ['Ice', 100, 60, 140],
    ],
    charged: ['Coconut jelly'],
    snacks: ['Chocolate chip cookie'],
  },
  {
    code: 'YBS',
    name: 'Yoghurt berry smoothie',
    family: 'blender',
    kind: 'drink',
    price: '4.90',
    type: 'Ice-sand and smoothies',
    recipe: {
      steps: [
        { action: 'fruit', channel: 1, params: { fruitG: 150 } },
        { action: 'yoghurt', channel: 3, params: { yoghurtG: 120 } },
        { action: 'blend', params: { blendS: 40, iceG: 60 } },
      ],
    },
    materials: [
      ['Strawberry purée', 150, 130, 170],
      ['Yoghurt', 120, 100, 140],
      ['Ice', 60, 30, 90],
    ],
    charged: ['Coconut jelly'],
    snacks: ['Chocolate chip cookie'],
  },
  {
    code: 'BYS',
    name: 'Banana yoghurt shake',
    family: 'blender',
    kind: 'drink',
    price: '4.60',
    type: 'Ice-sand and smoothies',
    recipe: {
      steps: [
        { action: 'fruit', channel: 2, params: { fruitG: 130 } },
        { action: 'yoghurt', channel: 3, params: { yoghurtG: 120 } },
        { action: 'blend', params: { blendS: 40, iceG: 50, syrupMl: 10 } },
      ],
    },
    materials: [
      ['Banana purée', 130, 110, 150],
      ['Yoghurt', 120, 100, 140],
      ['Ice', 50, 20, 80],
      ['Cane sugar syrup', 10, 0, 20],
    ],
    snacks: ['Chocolate chip cookie'],
  },
  {
    code: 'STM',
    name: 'Steamed milk',
    family: 'milk-frother',
    kind: 'drink',
    price: '2.50',
    type: 'Milk drinks',
    recipe: { steps: [{ action: 'steam', channel: 1, params: { milkMl: 220, temperatureC: 65 } }] },
    materials: [['Fresh milk', 220, 200, 240]],
    free: ['Cinnamon dusting', 'Cocoa dusting'],
    charged: ['Oat milk foam'],
    snacks: ['Butter croissant', 'Chocolate chip cookie'],
  },
  {
    code: 'FOM',
    name: 'Milk foam cup',
    family: 'milk-frother',
    kind: 'drink',
    price: '2.20',
    type: 'Milk drinks',
    recipe: { steps: [{ action: 'foam', channel: 1, params: { milkMl: 150, foamS: 25, temperatureC: 60 } }] },
    materials: [['Fresh milk', 150, 130, 170]],
    free: ['Cocoa dusting', 'Extra foam'],
    snacks: ['Butter croissant'],
  },
];

const PRODUCT_TYPES = ['Coffee', 'Tea', 'Ice-sand and smoothies', 'Milk drinks'];

/**
 * The catalog's names in simplified (zh) and traditional Chinese (tw), beside the English `name`: the
 * console shows the viewer's language and the machines their customer's (migration 0021, `names`).
 */
const DEMO_NAMES: Record<string, { zh: string; tw: string }> = {
  // Materials
  'Coffee beans': { zh: '咖啡豆', tw: '咖啡豆' },
  'Chocolate powder': { zh: '巧克力粉', tw: '巧克力粉' },
  'Milk powder': { zh: '奶粉', tw: '奶粉' },
  'Fresh milk': { zh: '鲜奶', tw: '鮮奶' },
  'Oat milk': { zh: '燕麦奶', tw: '燕麥奶' },
  Yoghurt: { zh: '酸奶', tw: '優格' },
  'Cream cheese': { zh: '奶油奶酪', tw: '奶油乳酪' },
  'Oolong leaves': { zh: '乌龙茶叶', tw: '烏龍茶葉' },
  'Black tea leaves': { zh: '红茶叶', tw: '紅茶葉' },
  'Jasmine green leaves': { zh: '茉莉绿茶叶', tw: '茉莉綠茶葉' },
  'Cane sugar syrup': { zh: '蔗糖糖浆', tw: '蔗糖糖漿' },
  'Mango syrup': { zh: '芒果糖浆', tw: '芒果糖漿' },
  'Taro syrup': { zh: '芋头糖浆', tw: '芋頭糖漿' },
  'Ice-sand base': { zh: '冰沙基底', tw: '冰沙基底' },
  'Strawberry purée': { zh: '草莓果泥', tw: '草莓果泥' },
  'Banana purée': { zh: '香蕉果泥', tw: '香蕉果泥' },
  'Mango purée': { zh: '芒果果泥', tw: '芒果果泥' },
  Water: { zh: '水', tw: '水' },
  Ice: { zh: '冰块', tw: '冰塊' },
  'Tapioca pearls': { zh: '珍珠', tw: '珍珠' },
  'Egg pudding': { zh: '鸡蛋布丁', tw: '雞蛋布丁' },
  'Coconut jelly': { zh: '椰果', tw: '椰果' },
  // Toppings
  'Cream cheese foam': { zh: '芝士奶盖', tw: '起司奶蓋' },
  'Oat milk foam': { zh: '燕麦奶泡', tw: '燕麥奶泡' },
  'Mango pulp': { zh: '芒果果肉', tw: '芒果果肉' },
  'Extra foam': { zh: '加奶泡', tw: '加奶泡' },
  'Cocoa dusting': { zh: '可可粉', tw: '可可粉' },
  'Cinnamon dusting': { zh: '肉桂粉', tw: '肉桂粉' },
  // Snacks
  'Butter croissant': { zh: '黄油可颂', tw: '奶油可頌' },
  'Almond croissant': { zh: '杏仁可颂', tw: '杏仁可頌' },
  'Egg tart': { zh: '蛋挞', tw: '蛋塔' },
  'Chocolate chip cookie': { zh: '巧克力豆曲奇', tw: '巧克力豆餅乾' },
  'Pineapple cake': { zh: '凤梨酥', tw: '鳳梨酥' },
  // Options and their types
  Size: { zh: '杯型', tw: '杯型' },
  Regular: { zh: '中杯', tw: '中杯' },
  Large: { zh: '大杯', tw: '大杯' },
  Sugar: { zh: '甜度', tw: '甜度' },
  'No sugar': { zh: '无糖', tw: '無糖' },
  'Half sugar': { zh: '半糖', tw: '半糖' },
  'Full sugar': { zh: '全糖', tw: '全糖' },
  'No ice': { zh: '去冰', tw: '去冰' },
  'Less ice': { zh: '少冰', tw: '少冰' },
  'Regular ice': { zh: '正常冰', tw: '正常冰' },
  // Products
  Espresso: { zh: '意式浓缩', tw: '義式濃縮' },
  Americano: { zh: '美式咖啡', tw: '美式咖啡' },
  'Caffè latte': { zh: '拿铁咖啡', tw: '拿鐵咖啡' },
  Cappuccino: { zh: '卡布奇诺', tw: '卡布奇諾' },
  Mocha: { zh: '摩卡', tw: '摩卡' },
  'Frozen-peak oolong': { zh: '冻顶乌龙茶', tw: '凍頂烏龍茶' },
  'Jasmine green tea': { zh: '茉莉绿茶', tw: '茉莉綠茶' },
  'Black milk tea': { zh: '红茶奶茶', tw: '紅茶奶茶' },
  'Oolong milk tea': { zh: '乌龙奶茶', tw: '烏龍奶茶' },
  'Mango ice-sand': { zh: '芒果冰沙', tw: '芒果冰沙' },
  'Taro ice-sand': { zh: '芋头冰沙', tw: '芋頭冰沙' },
  'Strawberry-banana smoothie': { zh: '草莓香蕉果昔', tw: '草莓香蕉果昔' },
  'Yoghurt berry smoothie': { zh: '酸奶莓果果昔', tw: '優格莓果果昔' },
  'Banana yoghurt shake': { zh: '香蕉酸奶奶昔', tw: '香蕉優格奶昔' },
  'Steamed milk': { zh: '热鲜奶', tw: '熱鮮奶' },
  'Milk foam cup': { zh: '奶泡杯', tw: '奶泡杯' },
};

/** A demo row's names per language: English as it is named, Chinese from DEMO_NAMES. */
const namesOf = (name: string) => ({ en: name, ...DEMO_NAMES[name] });

const OPTIONS: Array<{ type: string; options: Array<[string, string, number, boolean]> }> = [
  {
    type: 'Size',
    options: [
      ['Regular', '0.00', 1, true],
      ['Large', '0.60', 1.4, false],
    ],
  },
  {
    type: 'Sugar',
    options: [
      ['No sugar', '0.00', 0, false],
      ['Half sugar', '0.00', 0.5, true],
      ['Full sugar', '0.00', 1, false],
    ],
  },
  {
    type: 'Ice',
    options: [
      ['No ice', '0.00', 0, false],
      ['Less ice', '0.00', 0.5, false],
      ['Regular ice', '0.00', 1, true],
    ],
  },
];

/**
 * Recipe combinations: a large cup scales the recipe (espresso drinks less, a shot stays within the
 * grinder's dose); a tea without ice gets more tea in its place.
 */
function combosOf(p: Demo, option: (name: string) => string) {
  const large = p.family === 'coffee' ? 1.25 : 1.4;
  const combos = [
    { optionIds: [option('Regular')], amountFactor: 1, priceChange: '0.00' },
    { optionIds: [option('Large')], amountFactor: large, priceChange: '0.60' },
  ];
  if (p.family === 'tea')
    combos.push(
      { optionIds: [option('Regular'), option('No ice')], amountFactor: 1.2, priceChange: '0.00' },
      { optionIds: [option('Large'), option('No ice')], amountFactor: 1.6, priceChange: '0.60' },
    );
  return combos;
}

type Create = (db: Db, resource: string, merchantId: string, input: Row) => Promise<string>;

/** Create a row as the API's create does (platform/crud/create-as-merchant.ts); its id. */
const creator =
  (resources: ResourceRegistry): Create =>
  async (db, resource, merchantId, input) =>
    String((await createAsMerchant(db, resources.get(resource), merchantId, input)).id);

/** Types of one resource by name, created on first use with a running sort order. */
function typesOf(create: Create, db: Db, resource: string, merchantId: string) {
  const ids = new Map<string, string>();
  return async (name: string) => {
    if (!ids.has(name)) ids.set(name, await create(db, resource, merchantId, { name, sortOrder: ids.size }));
    return ids.get(name)!;
  };
}

/**
 * The demo's prices are written in dollars of about a US coffee shop's size; a brand sells in its
 * own currency at its own scale (a latte is NT$ 60–90 in Taiwan, HK$ 30–45 in Hong Kong), in whole
 * units, so its orders and their tax lines look like the receipts of that country.
 */
const PRICE_SCALE: Readonly<Record<string, number>> = { TW: 20, HK: 10, JP: 150 };

function scaleMoney(input: Row, scale: number): Row {
  if (scale === 1) return input;
  const scaled = (v: unknown) =>
    typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Math.round(Number(v) * scale).toFixed(2) : v;
  const out: Row = { ...input };
  for (const key of ['price', 'priceChange']) if (key in out) out[key] = scaled(out[key]);
  if (Array.isArray(out.recipeCombos))
    out.recipeCombos = (out.recipeCombos as Row[]).map((c) => ({ ...c, priceChange: scaled(c.priceChange) }));
  return out;
}

/** A brand's catalog: what its machines make (every family when it has none yet). */
async function seedCatalog(
  createRow: Create,
  db: Db,
  brand: { id: string; name: string; country: string | null },
  /** The families of the brand's machines (fleet's). */
  machineFamilies: string[],
) {
  const scale = PRICE_SCALE[(brand.country ?? '').toUpperCase()] ?? 1;
  const create: Create = (db, resource, merchantId, input) =>
    createRow(db, resource, merchantId, scaleMoney(input, scale));
  const families = new Set(machineFamilies as MachineFamily[]);
  const products = DEMO_PRODUCTS.filter((p) => !families.size || families.has(p.family));
  const toppings = [...new Set(products.flatMap((p) => [...(p.free ?? []), ...(p.charged ?? [])]))].sort();
  const materials = [
    ...new Set([
      ...products.flatMap((p) => p.materials.map(([m]) => m)),
      ...toppings.flatMap((t) => DEMO_TOPPINGS[t].material ?? []),
    ]),
  ];

  const productType = typesOf(create, db, 'product-type', brand.id);
  for (const name of PRODUCT_TYPES) await productType(name);

  const materialType = typesOf(create, db, 'material-type', brand.id);
  const materialIds = new Map<string, string>();
  for (const name of Object.keys(DEMO_MATERIALS).filter((m) => materials.includes(m))) {
    const { type, ...m } = DEMO_MATERIALS[name];
    materialIds.set(
      name,
      await create(db, 'material', brand.id, {
        name,
        names: namesOf(name),
        ...m,
        materialTypeId: await materialType(type),
      }),
    );
  }

  const toppingType = typesOf(create, db, 'small-material-type', brand.id);
  const toppingIds = new Map<string, string>();
  for (const name of toppings) {
    const { type, material, ...t } = DEMO_TOPPINGS[name];
    toppingIds.set(
      name,
      await create(db, 'small-material', brand.id, {
        name,
        names: namesOf(name),
        ...t,
        smallMaterialTypeId: await toppingType(type),
        materialId: material ? materialIds.get(material) : null,
      }),
    );
  }

  const snackType = typesOf(create, db, 'snack-type', brand.id);
  const snackIds = new Map<string, string>();
  for (const { type, ...s } of DEMO_SNACKS)
    snackIds.set(
      s.name,
      await create(db, 'snack', brand.id, {
        ...s,
        names: namesOf(s.name),
        snackTypeId: await snackType(type),
      }),
    );

  const extraType = typesOf(create, db, 'extra-product-type', brand.id);
  for (const { type, ...e } of EXTRAS)
    await create(db, 'extra-product', brand.id, {
      ...e,
      kind: 'packaging',
      extraProductTypeId: await extraType(type),
    });

  // New product codes: the brand's initials, a dash and four digits (Formosa Brew Co. → FB-0001).
  const initials = brand.name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  await create(db, 'code-rule', brand.id, {
    name: `${brand.name} products`,
    prefix: `${initials}-`,
    suffix: '',
    digits: 4,
    nextNumber: 1,
  });

  const optionTypes: string[] = [];
  const optionIds = new Map<string, string>();
  for (const [i, o] of OPTIONS.entries()) {
    const typeId = await create(db, 'option-type', brand.id, {
      name: o.type,
      names: namesOf(o.type),
      sortOrder: i,
    });
    optionTypes.push(typeId);
    for (const [j, [name, priceChange, amountFactor, isDefault]] of o.options.entries())
      optionIds.set(
        name,
        await create(db, 'option', brand.id, {
          name,
          names: namesOf(name),
          optionTypeId: typeId,
          priceChange,
          amountFactor,
          isDefault,
          sortOrder: j,
        }),
      );
  }

  for (const [i, p] of products.entries()) {
    const { materials: lines, free, charged, snacks, type, ...info } = p;
    const ids = (names: readonly string[] | undefined, map: Map<string, string>) =>
      (names ?? []).map((n) => map.get(n)!);
    await create(db, 'product', brand.id, {
      ...info,
      names: namesOf(info.name),
      productTypeId: await productType(type),
      sortOrder: i,
      materials: lines.map(([material, amount, min, max]) => ({
        materialId: materialIds.get(material)!,
        amount,
        min,
        max,
        unit: DEMO_MATERIALS[material].unit,
      })),
      // Coffee and milk take a size; teas and cold drinks also sugar and ice.
      optionTypeIds:
        p.family === 'coffee' || p.family === 'milk-frother' ? optionTypes.slice(0, 1) : optionTypes,
      recipeCombos: combosOf(p, (name) => optionIds.get(name)!),
      freeSmallMaterialIds: ids(free, toppingIds),
      chargedSmallMaterialIds: ids(charged, toppingIds),
      snackIds: ids(snacks, snackIds),
      showSnacks: Boolean(snacks?.length),
    });
  }
}

/** The demo brands' catalogs, what their stores sell, and one pushed menu per store. */
export async function seedDemoMenus(
  database: Db,
  push: { fleet: FleetService; catalog: CatalogService; resources: ResourceRegistry },
): Promise<void> {
  const create = creator(push.resources);
  await inScope(database, SYSTEM, async (db) => {
    const brands = await rows<{ id: string; name: string; country: string | null; seeded: boolean }>(
      db,
      sql`select id::text, name, country, exists (select 1 from product p where p.merchant_id = m.id) as seeded
          from merchant m where parent_id is null order by id`,
    );
    for (const brand of brands) {
      if (brand.seeded) continue;
      await seedCatalog(create, db, brand, await push.fleet.machines.families(db, brand.id));
      // Every store of the brand (and of its regions) sells the brand's products its machines can make.
      await push.catalog.sellByFamily(db, brand.id, await push.fleet.machines.storeFamilies(db, brand.id));
    }
    const stores = await rows<{ id: string; merchant_id: string; name: string }>(
      db,
      sql`select distinct s.id::text, s.merchant_id::text, s.name from store s join store_product sp on sp.store_id = s.id
          where not exists (select 1 from menu_release r where r.store_id = s.id) order by 1`,
    );
    for (const store of stores) {
      const products = await releaseProducts(db, { productIds: [], storeId: store.id, deviceIds: [] });
      const [release] = await rows<Record<string, unknown>>(
        db,
        sql`insert into menu_release (merchant_id, store_id, name, version, state, content)
            values (${store.merchant_id}, ${store.id}, ${`${store.name} menu`}, ${await nextVersion(db, store.merchant_id)}, 'draft',
                    ${JSON.stringify({ name: `${store.name} menu`, products })}::jsonb)
            returning id::text as id, store_id::text as "storeId", device_ids as "deviceIds", version, content`,
      );
      await pushRelease(
        db,
        { fleet: push.fleet, catalog: push.catalog, user: null, userId: null, account: 'demo' },
        release,
      );
    }
  });
}
