import { couponAppliedText, normalizeCouponCode } from '@nexbyte/shared';
import { useId, useState, type FormEvent } from 'react';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useCheckCoupon } from '../api/check-coupon';
import { useCart } from '../cart-context';

/**
 * One coupon at a time, judged by the server; a refused code is told inline and in a toast (the
 * server's reason: 'Cupón inválido.', expired, minimum, limits) and clears the applied one.
 */
export function CouponForm() {
  const { items, coupon, applyCoupon, removeCoupon } = useCart();
  const check = useCheckCoupon();
  const toast = useToast();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  // The button sits beside the input, so the field is laid out here rather than with FormField.
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const normalized = normalizeCouponCode(code);
    if (normalized === '' || check.isPending) return;
    check.mutate(
      { code: normalized, items },
      {
        onSuccess: (result) => {
          applyCoupon(result.coupon);
          if (result.coupon) {
            setError(undefined);
            setCode('');
            return;
          }
          setError(result.message);
          toast.show({ type: 'error', message: result.message });
        },
        onError: (err) => {
          const message =
            err instanceof ApiError
              ? err.message
              : 'No pudimos revisar el cupón. Inténtalo de nuevo.';
          setError(message);
          toast.show({ type: 'error', message });
        },
      },
    );
  };

  return (
    <div className="cart-coupon">
      <form className="cart-coupon__form form-field" method="post" onSubmit={submit} noValidate>
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
          <button type="submit" className="button" aria-busy={check.isPending || undefined}>
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
