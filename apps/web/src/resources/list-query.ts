/**
 * Search form values → list body (CONTRACT §3): empty values are dropped, a `range` field becomes
 * `<key>From`/`<key>To`, an `in` field an array; dates as YYYY-MM-DD, times as ISO 8601.
 */
import type { Dayjs } from 'dayjs';
import type { ResourceDef } from '@brewfleet/contracts/resource';

type Value = unknown;

function isDayjs(value: Value): value is Dayjs {
  return (
    typeof value === 'object' &&
    value !== null &&
    'isValid' in value &&
    typeof (value as Dayjs).format === 'function'
  );
}

function isEmpty(value: Value): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

function serialize(kind: string, value: Value, edge: 'start' | 'end' | 'exact'): Value {
  if (isDayjs(value)) {
    if (kind === 'date') return value.format('YYYY-MM-DD');
    if (kind === 'time') return value.format('HH:mm');
    const moment =
      edge === 'start' ? value.startOf('second') : edge === 'end' ? value.endOf('second') : value;
    return moment.format(); // ISO 8601 with the offset
  }
  return typeof value === 'string' ? value.trim() : value;
}

export function buildListFilters(def: ResourceDef, values: Record<string, Value>): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(def.fields)) {
    if (!field.search) continue;
    const value = values[key];
    if (isEmpty(value)) continue;
    if (field.search === 'range') {
      const [from, to] = Array.isArray(value) ? value : [value, undefined];
      if (!isEmpty(from)) filters[`${key}From`] = serialize(field.kind, from, 'start');
      if (!isEmpty(to)) filters[`${key}To`] = serialize(field.kind, to, 'end');
    } else if (field.search === 'in') {
      filters[key] = (Array.isArray(value) ? value : [value]).map((v) => serialize(field.kind, v, 'exact'));
    } else {
      const serialized = serialize(field.kind, value, 'exact');
      if (!isEmpty(serialized)) filters[key] = serialized;
    }
  }
  return filters;
}

/** antd's sorter → `field` or `-field`; no order → the resource's default (undefined). */
export function sortParam(
  field: unknown,
  order: 'ascend' | 'descend' | null | undefined,
): string | undefined {
  if (typeof field !== 'string' || !order) return undefined;
  return order === 'descend' ? `-${field}` : field;
}
