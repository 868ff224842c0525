/**
 * A cell's content on one line, cut with an ellipsis past `maxWidth`; the whole text is its title
 * (shown on hover), so nothing is ever clipped unseen.
 */
import type { ReactNode } from 'react';

export default function ClipText({
  title,
  maxWidth,
  children,
}: {
  /** The whole text, shown on hover. */
  title: string;
  maxWidth?: number;
  children?: ReactNode;
}) {
  return (
    <span className="clip-text" title={title || undefined} style={maxWidth ? { maxWidth } : undefined}>
      {children ?? title}
    </span>
  );
}
