/** 繁體中文: the channels screens and resources. */
import type { Strings } from '../en';
import type { channelsEn } from './en';

export const channelsTw: Strings<typeof channelsEn> = {
  screens: {},
  resources: {},
};
