/** The channel calls beside the generic resource endpoints (issue 5). */
import type { z } from 'zod';
import type { distributeBody } from '@brewfleet/contracts/fleet-api';
import type { distributeAnswer } from '@brewfleet/contracts/answers/fleet';
import { http } from '../../api/client';
import { resourceApi } from '../../api/resource-api';
import type { Row } from '../../api/types';
import { channelsOfConfig, distinctConfigNames } from './config-names';

/** What a distribution did: how many machines got the configuration, how many channels were written. */
export type DistributeResult = z.infer<typeof distributeAnswer>;

/** Replaces the channels of each machine by those of the named configuration. */
export const distributeConfig = (body: z.input<typeof distributeBody>) =>
  http.post<DistributeResult>('/coffee/channel-config/distribute', body);

/** The configuration names the user can see: one per name, however many channels each has. */
export const fetchConfigNames = async (): Promise<string[]> =>
  distinctConfigNames(await resourceApi.select('channel-config'));

/** The channels of one configuration, by channel number (at most one page of 500: 99 numbers each). */
export const fetchConfigChannels = async (configName: string): Promise<Row[]> => {
  const page = await resourceApi.list('channel-config', {
    page: 1,
    limit: 500,
    sort: 'channelNumber',
    configName,
  });
  return channelsOfConfig(page.list, configName);
};
