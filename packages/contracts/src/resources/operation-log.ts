import { OPERATION_OUTCOMES } from '../enums.ts';
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

/** Every mutating request, recorded by the server; listable, never editable. */
export const operationLogResource = defineResource({
  name: 'operation-log',
  table: 'operation_log',
  tenant: 'merchant',
  permissions: P.operationLog,
  labelField: 'action',
  defaultSort: '-createdAt',
  disable: ['create', 'update', 'delete'],
  // The newest entries whose action starts with what is typed: the log grows with every write.
  picker: 'search',
  fields: {
    account: f.text({ readOnly: true, search: 'like' }),
    action: f.text({ readOnly: true, search: 'like' }),
    method: f.text({ readOnly: true, search: 'eq' }),
    path: f.text({ readOnly: true, list: false }),
    permission: f.text({ readOnly: true, search: 'like' }),
    targetId: f.text({ readOnly: true, search: 'eq' }),
    ip: f.text({ readOnly: true, search: 'like' }),
    statusCode: f.int({ readOnly: true, sortable: true }),
    outcome: f.enum(OPERATION_OUTCOMES, { readOnly: true, search: 'eq' }),
    durationMs: f.int({ readOnly: true, sortable: true }),
    createdAt: f.datetime({ readOnly: true, search: 'range', sortable: true }),
  },
});
