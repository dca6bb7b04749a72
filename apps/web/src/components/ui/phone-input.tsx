import { formatPhone } from '@nexbyte/shared';
import type { ComponentPropsWithRef } from 'react';

type PhoneInputProps = Omit<ComponentPropsWithRef<'input'>, 'type'>;

/**
 * A Chilean phone input shaped as '9 1234 5678' while the shopper types or pastes. Takes what
 * react-hook-form's register() gives (name, ref, onChange, onBlur) and FormField's id and aria.
 */
export function PhoneInput({ onChange, autoComplete = 'tel-national', ...props }: PhoneInputProps) {
  return (
    <input
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      onChange={(event) => {
        event.target.value = formatPhone(event.target.value);
        onChange?.(event);
      }}
    />
  );
}
