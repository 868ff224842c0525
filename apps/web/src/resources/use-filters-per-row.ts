/** How many search cells (a filter with its label, or the buttons) fit on one row of the form. */
import { useEffect, useRef, useState, type RefObject } from 'react';

/** A cell's least width: a label and a control that still reads. */
export const FILTER_CELL = 330;
const GAP = 16;

export const filtersPerRow = (width: number) =>
  width > 0 ? Math.min(4, Math.max(1, Math.floor((width + GAP) / (FILTER_CELL + GAP)))) : 3;

export function useFiltersPerRow(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [perRow, setPerRow] = useState(3);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setPerRow(filtersPerRow(el.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, perRow];
}
