/**
 * Channels (passes, "charging baskets"): the hoppers and pumps a machine doses from. A channel
 * configuration is a named set of channels a merchant distributes to machines; each machine then has
 * its own channels, whose level and shelf life the gateway follows.
 */
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

export const channelTypeResource = defineResource({
  name: 'channel-type',
  table: 'channel_type',
  tenant: 'none',
  permissions: P.channelType,
  labelField: 'name',
  defaultSort: 'name',
  fields: {
    name: f.text({ required: true, max: 64, search: 'like', sortable: true }),
    code: f.text({ max: 32, search: 'like' }),
    description: f.textarea({ max: 500 }),
  },
});

/** Fields a configured channel and a machine's channel share. */
const channelFields = {
  name: f.text({ required: true, max: 64, search: 'like' }),
  channelNumber: f.int({ required: true, min: 1, max: 99, sortable: true }),
  channelTypeId: f.ref('channel-type', { search: 'eq' }),
  material: f.text({ max: 128, search: 'like' }),
  preDischargeSeconds: f.number({ min: 0, max: 600, default: 0 }),
  shelfLifeHours: f.int({ min: 0, max: 8760 }),
  capacityG: f.int({ min: 0, max: 100_000 }),
  lowLevelG: f.int({ min: 0, max: 100_000 }),
};

/** One channel of a named configuration ("channel configuration name"). */
export const channelConfigResource = defineResource({
  name: 'channel-config',
  table: 'channel_config',
  tenant: 'merchant',
  permissions: P.channelConfig,
  labelField: 'configName',
  defaultSort: 'configName',
  fields: {
    configName: f.text({ required: true, max: 64, search: 'like', sortable: true }),
    merchantId: f.ref('merchant', { createOnly: true, search: 'eq' }),
    ...channelFields,
  },
});

/** A machine's channel (`/machine-bind-chargingBasket`), with the level and expiry the machine reports. */
export const deviceChannelResource = defineResource({
  name: 'device-channel',
  table: 'device_channel',
  tenant: 'merchant',
  permissions: P.deviceChannel,
  labelField: 'name',
  defaultSort: 'channelNumber',
  fields: {
    deviceId: f.ref('device', { required: true, createOnly: true, search: 'eq' }),
    ...channelFields,
    configName: f.text({ readOnly: true, search: 'like' }),
    levelG: f.number({ readOnly: true }),
    levelAt: f.datetime({ readOnly: true, list: false }),
    /** When the channel was last filled: set by a refill the machine reports, or by hand. */
    filledAt: f.datetime(),
    expiresAt: f.datetime({ readOnly: true }),
    shortage: f.bool({ readOnly: true, default: false, search: 'eq' }),
  },
});
