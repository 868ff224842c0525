/** 繁體中文: the fleet screens and resources. */
import type { Strings } from '../en';
import type { fleetEn } from './en';

export const fleetTw: Strings<typeof fleetEn> = {
  screens: {},
  resources: {},
};
