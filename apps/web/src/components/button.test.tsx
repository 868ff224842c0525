import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLICK_GUARD_MS } from '../utils/click-guard';
import { Button } from './Button';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Button (click guard)', () => {
  it('sends once for a double click and rests 3000 ms before the next', () => {
    vi.useFakeTimers();
    const send = vi.fn();
    render(<Button onClick={send}>Push</Button>);
    const button = screen.getByRole('button', { name: 'Push' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(send).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    act(() => void vi.advanceTimersByTime(CLICK_GUARD_MS - 1));
    expect(button).toBeDisabled();
    act(() => void vi.advanceTimersByTime(1));
    expect(button).toBeEnabled();
    fireEvent.click(button);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('rests for the configured time', () => {
    vi.useFakeTimers();
    const send = vi.fn();
    render(
      <Button onClick={send} guardMs={500}>
        Push
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Push' });
    fireEvent.click(button);
    expect(button).toBeDisabled();
    act(() => void vi.advanceTimersByTime(500));
    expect(button).toBeEnabled();
  });

  it('stays disabled when its owner disables it', () => {
    const send = vi.fn();
    render(
      <Button onClick={send} disabled>
        Push
      </Button>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Push' }));
    expect(send).not.toHaveBeenCalled();
  });

  it('guardMs={0} (a toggle) answers every click and never disables itself', () => {
    const toggle = vi.fn();
    render(
      <Button onClick={toggle} guardMs={0}>
        More filters
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'More filters' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(toggle).toHaveBeenCalledTimes(2);
    expect(button).toBeEnabled();
  });

  it('a submit button submits its form once, then shows the lock', () => {
    vi.useFakeTimers();
    const submit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(e) => submit(e.nativeEvent)}>
        <Button htmlType="submit">Sign in</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Sign in' });
    // A real click: the browser submits after the click's listeners have run.
    button.click();
    button.click();
    expect(submit).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(0));
    expect(button).toBeDisabled();
    act(() => void vi.advanceTimersByTime(CLICK_GUARD_MS));
    expect(button).toBeEnabled();
  });
});
