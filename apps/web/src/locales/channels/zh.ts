/** 简体中文: the channels screens and resources. */
import type { Strings } from '../en';
import type { channelsEn } from './en';

export const channelsZh: Strings<typeof channelsEn> = {
  screens: {},
  resources: {},
};
