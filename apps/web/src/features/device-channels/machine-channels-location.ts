/** Where one machine's channel list opens: the fixed route `/machine-bind-chargingBasket?deviceId=`. */
export const MACHINE_CHANNELS_PATH = '/machine-bind-chargingBasket';

export const machineChannelsLocation = (deviceId: string) => ({
  pathname: MACHINE_CHANNELS_PATH,
  search: `?${new URLSearchParams({ deviceId })}`,
});
