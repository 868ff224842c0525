/**
 * Form values ↔ API bodies. Dates become strings, money a two-place string, blank optional values
 * null (so an edit can clear them), and every password-kind field is long-text encrypted.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { FieldDef, ResourceDef } from '@brewfleet/contracts/resource';
import type { Row } from '../api/types';
import { formEntries, type FormMode } from './field-meta';

export type Encrypt = (text: string) => Promise<string>;

function isDayjs(value: unknown): value is Dayjs {
  return dayjs.isDayjs(value);
}

function toApi(field: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  switch (field.kind) {
    case 'date':
      return isDayjs(value) ? value.format('YYYY-MM-DD') : value;
    case 'datetime':
      return isDayjs(value) ? value.format() : value;
    case 'time':
      return isDayjs(value) ? value.format('HH:mm') : value;
    case 'money':
      return Number(value).toFixed(2);
    case 'number':
    case 'int':
      return typeof value === 'string' ? Number(value) : value;
    case 'json':
      return typeof value === 'string' ? JSON.parse(value) : value;
    default:
      return typeof value === 'string' ? value.trim() : value;
  }
}

export async function toRequestBody(
  def: ResourceDef,
  mode: FormMode,
  values: Record<string, unknown>,
  encrypt: Encrypt,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const [key, field] of formEntries(def, mode)) {
    if (mode === 'update' && field.createOnly) continue; // shown for reference, never sent on edit
    const value = values[key];
    if (field.kind === 'password' || field.kind === 'secret') {
      if (typeof value === 'string' && value !== '') body[key] = await encrypt(value);
      continue;
    }
    const converted = toApi(field, value);
    // On create, absent optional values are left out so the server applies its defaults.
    if (converted === null && mode === 'create') continue;
    body[key] = converted;
  }
  return body;
}

/** 'HH:mm' → a dayjs of today at that time (what antd's TimePicker edits). */
function timeOfDay(value: string): Dayjs | undefined {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  return match ? dayjs().hour(Number(match[1])).minute(Number(match[2])).second(0).millisecond(0) : undefined;
}

/** An item from the API → initial form values. */
export function toFormValues(def: ResourceDef, row: Row): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(def.fields)) {
    const value = row[key];
    if (value === undefined || value === null) continue;
    // Top-level rows carry parent '0', which is no id: the form shows "top level" (empty) instead.
    if (field.kind === 'ref' && String(value) === '0') continue;
    // Secrets come back masked: the form starts empty and only a new value is sent.
    if (field.kind === 'secret' || field.kind === 'password') continue;
    if ((field.kind === 'date' || field.kind === 'datetime') && typeof value === 'string')
      values[key] = dayjs(value);
    else if (field.kind === 'time' && typeof value === 'string') values[key] = timeOfDay(value);
    else if (field.kind === 'json') values[key] = JSON.stringify(value, null, 2);
    else values[key] = value;
  }
  return values;
}
