import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLICK_GUARD_MS } from '../utils/click-guard';
import GuardedButton from './GuardedButton';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('GuardedButton', () => {
  it('sends once for a double click and rests 3000 ms before the next', () => {
    vi.useFakeTimers();
    const send = vi.fn();
    render(<GuardedButton onClick={send}>Push</GuardedButton>);
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

  it('stays disabled when its owner disables it', () => {
    const send = vi.fn();
    render(
      <GuardedButton onClick={send} disabled>
        Push
      </GuardedButton>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Push' }));
    expect(send).not.toHaveBeenCalled();
  });
});
