import { COUPON_INVALID_MESSAGE, couponAppliedText, normalizeCouponCode } from '@nexbyte/shared';
import { useId, useState, type FormEvent } from 'react';
import { useToast } from '../../../components/ui/toast';
import { useCart } from '../cart-context';

/** One coupon at a time; an unknown code is told inline and in a toast, and clears the applied one. */
export function CouponForm() {
  const { coupon, applyCoupon, removeCoupon } = useCart();
  const toast = useToast();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  // The button sits beside the input, so the field is laid out here rather than with FormField.
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const normalized = normalizeCouponCode(code);
    if (normalized === '') return;
    if (applyCoupon(normalized)) {
      setError(undefined);
      setCode('');
    } else {
      setError(COUPON_INVALID_MESSAGE);
      toast.show({ type: 'error', message: COUPON_INVALID_MESSAGE });
    }
  };

  return (
    <div className="cart-coupon">
      <form className="cart-coupon__form form-field" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="form-field__label">
          Cupón de descuento
        </label>
        <div className="cart-coupon__row">
          <input
            id={inputId}
            type="text"
            name="cupon"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setError(undefined);
            }}
          />
          <button type="submit" className="button">
            Aplicar
          </button>
        </div>
        {error && (
          <p id={errorId} className="form-field__error">
            {error}
          </p>
        )}
      </form>
      <div role="status" className="cart-coupon__status">
        {coupon && <span className="cart-coupon__applied">{couponAppliedText(coupon)}</span>}
      </div>
      {coupon && (
        <button type="button" className="link-button" onClick={removeCoupon}>
          Quitar cupón
        </button>
      )}
    </div>
  );
}
