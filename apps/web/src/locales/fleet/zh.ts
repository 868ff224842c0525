/** 简体中文: the fleet screens and resources. */
import type { Strings } from '../en';
import type { fleetEn } from './en';

export const fleetZh: Strings<typeof fleetEn> = {
  screens: {},
  resources: {},
};
