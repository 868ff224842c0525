/**
 * A button that sends a request: after a click it stays disabled for 3000 ms (spec §5 click guard),
 * so a double click cannot send the same request twice. Buttons that only open a dialog or navigate
 * stay plain antd buttons.
 */
import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { CLICK_GUARD_MS, useClickGuard } from '../utils/click-guard';

export default function GuardedButton({
  onClick,
  disabled,
  guardMs = CLICK_GUARD_MS,
  ...props
}: ButtonProps & { guardMs?: number }) {
  const [guarded, guardedClick] = useClickGuard(
    (event: MouseEvent<HTMLElement>) => onClick?.(event),
    guardMs,
  );
  return <Button {...props} disabled={disabled || guarded} onClick={guardedClick} />;
}
