/**
 * A box that scrolls sideways when its table is wider than the page. It takes the keyboard focus
 * (tabIndex 0) so that someone without a pointer can scroll it with the arrow keys — a table of plain
 * text has nothing else to focus (axe: scrollable-region-focusable) — and names itself as a region.
 */
import type { ReactNode } from 'react';
import './scroll-region.css';

export default function ScrollRegion({
  label,
  testId,
  children,
}: {
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="scroll-region" role="region" aria-label={label} tabIndex={0} data-testid={testId}>
      {children}
    </div>
  );
}
