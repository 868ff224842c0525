import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { configureClient } from '../api/client';
import { createFakeXhr, ok } from '../test/fake-xhr';
import MediaUploadField from './MediaUploadField';

function pick(container: HTMLElement, file: File) {
  const input = container.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('media upload field', () => {
  it('sends the file to the upload service and keeps the upload id, previewed by id', async () => {
    const xhr = createFakeXhr(() =>
      ok({
        id: '77',
        kind: 'image',
        mime: 'image/png',
        size: 3,
        width: 1,
        height: 1,
        url: '/api/coffee/upload/77',
      }),
    );
    configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
    const onChange = vi.fn();
    const { container, rerender } = render(
      <App>
        <MediaUploadField kind="image" onChange={onChange} />
      </App>,
    );
    pick(container, new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('77'));
    expect(xhr.sent[0].method).toBe('POST');
    expect(xhr.sent[0].url).toMatch(/^\/api\/coffee\/upload\?timeZone=/);
    expect(xhr.sent[0].body).toBeInstanceOf(FormData);
    rerender(
      <App>
        <MediaUploadField kind="image" value="77" onChange={onChange} />
      </App>,
    );
    expect(screen.getByTestId('media-preview')).toHaveAttribute('src', '/api/coffee/upload/77');
  });

  it('refuses a wrong type in the browser, before sending anything', async () => {
    const xhr = createFakeXhr(() => ok({}));
    configureClient({ createXhr: xhr.createXhr });
    const onChange = vi.fn();
    const { container } = render(
      <App>
        <MediaUploadField kind="image" onChange={onChange} />
      </App>,
    );
    pick(container, new File(['gif'], 'a.gif', { type: 'image/gif' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(xhr.sent).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });
});
