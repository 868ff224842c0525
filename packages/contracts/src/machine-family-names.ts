/**
 * The machine families as people call them, for the messages the server writes in the reader's
 * language ('第 1 步：leafG 不是奶泡机的参数'). The texts are the console's own family labels, so a
 * message from the server reads as the console's live check of the same recipe does.
 */
import type { Localized } from './i18n/messages.ts';
import type { MachineFamily } from './recipes.ts';

export const MACHINE_FAMILY_NAMES: Readonly<Record<MachineFamily, Localized>> = {
  coffee: { en: 'Coffee', zh: '咖啡机', tw: '咖啡機' },
  tea: { en: 'Tea extraction', zh: '萃茶机', tw: '萃茶機' },
  'ice-sand': { en: 'Ice-sand and smoothie', zh: '冰沙机', tw: '冰沙機' },
  'milk-frother': { en: 'Milk frother', zh: '奶泡机', tw: '奶泡機' },
  blender: { en: 'Blender', zh: '搅拌机', tw: '果汁機' },
};
