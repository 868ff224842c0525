/** Device debugging: preset commands, and how each command type is delivered. Platform settings. */
import { MACHINE_FAMILIES, COMMAND_TYPES } from '../device-protocol.ts';
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

/** A named debugging action sent as a `debug` command with `{ action, args }`. */
export const presetCommandResource = defineResource({
  name: 'preset-command',
  table: 'preset_command',
  tenant: 'none',
  permissions: P.presetCommand,
  labelField: 'name',
  defaultSort: 'name',
  fields: {
    name: f.text({ required: true, max: 64, search: 'like', sortable: true }),
    family: f.enum(MACHINE_FAMILIES, { selectFilter: 'or-empty', search: 'eq' }),
    action: f.text({ required: true, max: 64, pattern: /^[a-z][a-z0-9-]{1,63}$/ }),
    // Listed although JSON: a command's arguments are short and tell presets apart.
    args: f.json({ list: true }),
    description: f.textarea({ max: 500 }),
  },
});

/** Delivery rules per command type: expiry, retries. One row per type, seeded; only updated. */
export const commandConfigResource = defineResource({
  name: 'command-config',
  table: 'command_config',
  tenant: 'none',
  permissions: P.commandConfig,
  labelField: 'commandType',
  defaultSort: 'commandType',
  disable: ['create', 'delete'],
  fields: {
    commandType: f.enum(COMMAND_TYPES, { readOnly: true, search: 'eq', sortable: true }),
    // Up to 7 days: menus and channel layouts wait that long for a machine that is away.
    expirySeconds: f.int({ required: true, min: 10, max: 604_800, cell: 'duration' }),
    maxAttempts: f.int({ required: true, min: 1, max: 20 }),
    retryIntervalSeconds: f.int({ required: true, min: 5, max: 3600, cell: 'duration' }),
    description: f.textarea({ max: 500 }),
  },
});
