import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { columnFit, textWidth } from './column-fit';
import ListTable, { ACTIONS_KEY } from './ListTable';

afterEach(cleanup);

describe('column fit', () => {
  it('gives an enum column room for its longest tag and its header', () => {
    const fit = columnFit({ kind: 'enum' }, 'Type', ['Self-operated', 'Franchise store of a partner']);
    expect(fit.minWidth).toBeGreaterThanOrEqual(textWidth('Franchise store of a partner') + 18);
    expect(fit.maxWidth).toBeUndefined();
  });

  it('cuts free texts past a limit, never narrower than the header', () => {
    expect(columnFit({ kind: 'text' }, 'Name').maxWidth).toBeGreaterThan(100);
    const long = 'A header far longer than any text limit would allow for the column at all';
    expect(columnFit({ kind: 'text', sortable: true }, long).maxWidth).toBeGreaterThanOrEqual(
      textWidth(long),
    );
    expect(columnFit({ kind: 'datetime' }, 'Created at').maxWidth).toBeUndefined();
  });

  it('counts CJK characters full width', () => {
    expect(textWidth('门店类型')).toBe(56);
    expect(textWidth('Type')).toBe(32);
  });
});

describe('ListTable', () => {
  it('lays out by content, titles texts that may be cut, and keeps the actions column at the edge', () => {
    const address = 'No. 1234, Section 5, Zhongshan North Road, Zhongshan District, near the metro exit 3';
    const { container } = render(
      <ListTable
        rowKey="id"
        pagination={false}
        dataSource={[{ id: '1', address, n: 7 }]}
        columns={[
          { key: 'address', dataIndex: 'address', title: 'Address', ellipsis: true },
          { key: 'n', dataIndex: 'n', title: 'Count', render: (n: number) => n * 2 },
          { key: ACTIONS_KEY, title: 'Actions', render: () => <button>Reset password</button> },
        ]}
      />,
    );
    expect(container.querySelector('table')?.style.tableLayout).toBe('auto');
    const cut = screen.getByText(address);
    expect(cut.className).toBe('clip-text');
    expect(cut.getAttribute('title')).toBe(address);
    expect(screen.getByText('14').getAttribute('title')).toBe('14');
    expect(container.querySelectorAll('th.list-actions, td.list-actions')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Reset password' }).closest('.clip-text')).toBeNull();
  });
});
