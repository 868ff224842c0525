import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLICK_GUARD_MS, guardClicks, useClickGuard } from './click-guard';

afterEach(() => vi.useRealTimers());

describe('click guard', () => {
  it('drops clicks for 3000 ms after an accepted one', () => {
    let now = 0;
    const handler = vi.fn();
    const guarded = guardClicks(handler, CLICK_GUARD_MS, () => now);
    expect(guarded()).toBe(true);
    now = 2999;
    expect(guarded()).toBe(false);
    now = 3000;
    expect(guarded()).toBe(true);
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('honours a configured time', () => {
    let now = 0;
    const guarded = guardClicks(
      () => undefined,
      500,
      () => now,
    );
    guarded();
    now = 500;
    expect(guarded()).toBe(true);
  });

  it('disables a button until the time has passed', () => {
    vi.useFakeTimers();
    const handler = vi.fn();
    function Save() {
      const [disabled, onClick] = useClickGuard(handler);
      return (
        <button disabled={disabled} onClick={() => onClick()}>
          save
        </button>
      );
    }
    render(<Save />);
    const button = screen.getByRole('button');
    fireEvent.click(button);
    fireEvent.click(button);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    act(() => void vi.advanceTimersByTime(CLICK_GUARD_MS));
    expect(button).toBeEnabled();
  });
});
