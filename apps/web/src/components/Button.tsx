/**
 * The console's one button: antd's Button with the click guard of spec §5. After a click it stays
 * disabled for 3000 ms (or `guardMs`), so a double click cannot send the same request twice.
 * `guardMs={0}` is for pure toggles and navigation only ("More filters", a menu's trigger, a dialog's
 * Close), where a 3 s lock would only hinder. ESLint refuses antd's Button anywhere else
 * (`no-restricted-imports` in eslint.config.js), so a new page cannot forget the guard.
 */
import { Button as AntButton } from 'antd';
import type { ComponentProps, MouseEvent } from 'react';
import { CLICK_GUARD_MS, useClickGuard } from '../utils/click-guard';

export type ButtonProps = ComponentProps<typeof AntButton> & { guardMs?: number };

export function Button({ onClick, disabled, guardMs = CLICK_GUARD_MS, ...props }: ButtonProps) {
  const [guarded, guardedClick] = useClickGuard(
    (event: MouseEvent<HTMLElement>) => onClick?.(event),
    guardMs,
    { lockAfterEvent: props.htmlType === 'submit' },
  );
  if (guardMs <= 0) return <AntButton {...props} disabled={disabled} onClick={onClick} />;
  return (
    <AntButton
      {...props}
      disabled={disabled || guarded}
      onClick={(event) => {
        // A click within the lock (before a submit button shows it) must not submit its form either.
        if (!guardedClick(event)) event.preventDefault();
      }}
    />
  );
}

export default Button;
