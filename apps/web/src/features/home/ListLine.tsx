/**
 * One line of a home-page list: a title over a description. Not antd's List.Item.Meta, whose title is
 * an <h4>: a list of recent operations or faults is not a set of headings, and as headings their
 * texts ("Create role · success") would be found by anyone looking for the page titled "Role".
 */
import type { ReactNode } from 'react';
import { Typography } from 'antd';

export function ListLine({ title, description }: { title: ReactNode; description: ReactNode }) {
  return (
    <div className="home-list-line">
      <div className="home-list-line-title">{title}</div>
      <Typography.Text type="secondary">{description}</Typography.Text>
    </div>
  );
}
