/**
 * Query keys of the channel screens. They sit under the generic `['resource', name]` keys, so that
 * every change made through a generic screen (create, edit, delete, import) refreshes them too.
 */
export const configNamesKey = ['resource', 'channel-config', 'config-names'] as const;
export const configChannelsKey = (configName: string) =>
  ['resource', 'channel-config', 'config-channels', configName] as const;
