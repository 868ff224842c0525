import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ImageGalleryField from './ImageGalleryField';

function Gallery({
  initial,
  max,
  onChange,
}: {
  initial: string[];
  max: number;
  onChange: (v: string[]) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <App>
      <ImageGalleryField
        max={max}
        value={value}
        upload={async (file) => `id-${file.name}`}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </App>
  );
}

afterEach(cleanup);

const png = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });

describe('image gallery field', () => {
  it('adds several images chosen at once, in order, the first being the cover', async () => {
    const onChange = vi.fn();
    const { container } = render(<Gallery initial={[]} max={6} onChange={onChange} />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    fireEvent.change(input, { target: { files: [png('a.png'), png('b.png')] } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['id-a.png', 'id-b.png']));
    expect(screen.getAllByTestId('gallery-image')).toHaveLength(2);
    expect(screen.getByText('upload.cover')).toBeInTheDocument();
  });

  it('moves an image to the front and removes one', () => {
    const onChange = vi.fn();
    render(<Gallery initial={['1', '2', '3']} max={6} onChange={onChange} />);
    // Tests load no translations, so buttons are named by their key: the first "make cover" is image 2's.
    fireEvent.click(screen.getAllByRole('button', { name: 'upload.makeCoverOf' })[0]);
    expect(onChange).toHaveBeenLastCalledWith(['2', '1', '3']);
    fireEvent.click(screen.getAllByRole('button', { name: 'upload.removeNumber' })[2]);
    expect(onChange).toHaveBeenLastCalledWith(['2', '1']);
  });

  it('offers no more uploads once full, and refuses a wrong type before sending', async () => {
    const upload = vi.fn();
    const { container, rerender } = render(
      <App>
        <ImageGalleryField max={2} value={['1', '2']} upload={upload} />
      </App>,
    );
    expect(container.querySelector('input[type=file]')).toBeNull();
    rerender(
      <App>
        <ImageGalleryField max={2} value={['1']} upload={upload} />
      </App>,
    );
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['gif'], 'a.gif', { type: 'image/gif' })] } });
    await new Promise((r) => setTimeout(r, 20));
    expect(upload).not.toHaveBeenCalled();
  });
});
