/**
 * How wide a list column may grow before its text is cut short (with the whole text on hover), from
 * what the field holds and its header. Tables lay out by content (`table-layout: auto`): a column is
 * as wide as its widest cell up to this limit, so a tag never spills into the next column.
 */
import type { FieldDef } from '@brewfleet/contracts/resource';

/** Roughly how many pixels a text takes at the table's 14 px: CJK characters are full width. */
export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 14 : 8;
  return width;
}

/** Padding of a cell, and room for a sorter's arrows in a header. */
const CELL_PADDING = 24;
const SORTER = 24;
/** A tag's border and padding around its label. */
const TAG_PADDING = 18;

/** Widest a free text may be before it is cut, per kind. */
const TEXT_LIMIT: Partial<Record<FieldDef['kind'], number>> = {
  text: 220,
  textarea: 260,
  ref: 200,
  refs: 240,
  enums: 240,
  json: 240,
};

export interface ColumnFit {
  /** The least width that shows the header whole (and an enum's longest tag). */
  minWidth: number;
  /** Past this the cell's text is cut with an ellipsis and shown whole in a title (undefined: never). */
  maxWidth?: number;
}

export function columnFit(
  field: Pick<FieldDef, 'kind' | 'sortable' | 'width'>,
  label: string,
  enumLabels: string[] = [],
): ColumnFit {
  const header = textWidth(label) + CELL_PADDING + (field.sortable ? SORTER : 0);
  if (field.kind === 'enum') {
    const tag = Math.max(0, ...enumLabels.map(textWidth)) + TAG_PADDING + CELL_PADDING;
    return { minWidth: Math.max(header, tag) };
  }
  // A width the definition gives wins over its kind's.
  const limit = field.width ?? TEXT_LIMIT[field.kind];
  if (limit === undefined) return { minWidth: header };
  return { minWidth: header, maxWidth: Math.max(limit, header) - CELL_PADDING };
}
