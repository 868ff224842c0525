/**
 * Reading and writing CSV and Excel (.xlsx) tables, with the caps that keep a hostile file from
 * exhausting the server: file size (multipart limit), rows, and the unpacked size of an .xlsx zip.
 */
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { AppError } from '../http/errors.ts';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
export const XLSX_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;

export type Format = 'csv' | 'xlsx';
export type SheetRow = Record<string, string>;

const isZip = (buf: Buffer) => buf.length > 4 && buf.readUInt32LE(0) === 0x04034b50;

/** Sum of the uncompressed sizes in a zip's central directory (a zip bomb declares its real size there). */
export function zipUnpackedSize(buf: Buffer): number {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new AppError('msg.importFile');
  const entries = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== 0x02014b50)
      throw new AppError('msg.importFile');
    total += buf.readUInt32LE(offset + 24);
    offset +=
      46 + buf.readUInt16LE(offset + 28) + buf.readUInt16LE(offset + 30) + buf.readUInt16LE(offset + 32);
  }
  return total;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
  }
  return String(value);
}

/** Rows keyed by the header row's names. */
export async function readSheet(buf: Buffer): Promise<{ headers: string[]; rows: SheetRow[] }> {
  let table: string[][];
  if (isZip(buf)) {
    if (zipUnpackedSize(buf) > XLSX_MAX_UNPACKED_BYTES) throw new AppError('msg.importFile');
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(buf as unknown as ArrayBuffer);
    } catch {
      throw new AppError('msg.importFile');
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new AppError('msg.importFile');
    if (sheet.rowCount > IMPORT_MAX_ROWS + 1)
      throw new AppError('msg.importTooManyRows', { max: IMPORT_MAX_ROWS });
    table = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values = row.values as ExcelJS.CellValue[]; // 1-based
      table.push(values.slice(1).map((v) => cellText(v).trim()));
    });
  } else {
    if (buf.includes(0)) throw new AppError('msg.importFile');
    try {
      table = parse(buf, {
        bom: true,
        skip_empty_lines: true,
        trim: true,
        relax_column_count: true,
        max_record_size: 64 * 1024,
      });
    } catch {
      throw new AppError('msg.importFile');
    }
  }
  const [headerRow, ...body] = table;
  if (!headerRow) return { headers: [], rows: [] };
  if (body.length > IMPORT_MAX_ROWS) throw new AppError('msg.importTooManyRows', { max: IMPORT_MAX_ROWS });
  const headers = headerRow.map((h) => String(h).trim());
  const rows = body.map((cells) => Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? ''])));
  return { headers, rows };
}

/** A cell that a spreadsheet would run as a formula gets a leading apostrophe (CSV/formula injection). */
export function safeCell(value: unknown): string | number | boolean {
  if (value == null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  const text = Array.isArray(value) ? value.join(';') : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const csvField = (v: string | number | boolean) => {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export async function writeSheet(
  format: Format,
  headers: string[],
  rows: unknown[][],
  sheetName: string,
): Promise<Buffer> {
  const safeRows = rows.map((r) => r.map(safeCell));
  if (format === 'csv') {
    const lines = [headers, ...safeRows].map((r) => r.map(csvField).join(','));
    return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(headers).font = { bold: true };
  for (const r of safeRows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const CONTENT_TYPES: Record<Format, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
