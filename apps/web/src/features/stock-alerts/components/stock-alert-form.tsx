import { STOCK_ALERT_MESSAGES } from '@nexbyte/shared';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSession } from '../../../lib/use-session';
import { useCreateStockAlert } from '../api/create-stock-alert';
import '../stock-alerts.css';

export const STOCK_ALERT_FAILED_MESSAGE =
  'No pudimos guardar tu aviso. Inténtalo de nuevo más tarde.';

/** What the server said of the address, or of the request, else a general message. */
function failureOf(error: unknown): { field: string | null; message: string } {
  const field = error instanceof ApiError ? (error.errors?.correo ?? null) : null;
  return { field, message: field ?? errorMessage(error, STOCK_ALERT_FAILED_MESSAGE) };
}

/**
 * 'Avísame cuando llegue' on an out-of-stock product (docs/product.md#stock-alerts): an address,
 * the account's (shown, not editable) when logged in; the server sends one e-mail when stock
 * returns.
 */
export function StockAlertForm({ productoId }: { productoId: number }) {
  const inputId = useId();
  const session = useSession();
  // The server renders the page for nobody: the account's address appears once hydrated.
  const hydrated = useHydrated();
  const mutation = useCreateStockAlert();
  const [done, setDone] = useState<string | null>(null);
  const accountEmail = hydrated ? session?.user.correo : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const correo = accountEmail ?? String(new FormData(event.currentTarget).get('correo') ?? '');
    mutation.mutate({ productoId, correo }, { onSuccess: ({ message }) => setDone(message) });
  };

  if (done) {
    return (
      <div className="stock-alert">
        <Alert tone="success">{done}</Alert>
      </div>
    );
  }
  const failure = mutation.isError ? failureOf(mutation.error) : null;
  return (
    <form className="stock-alert" method="post" onSubmit={onSubmit}>
      <h2 className="stock-alert__title">Avísame cuando llegue</h2>
      <label htmlFor={inputId}>Te escribiremos una vez, cuando vuelva a haber stock.</label>
      <div className="stock-alert__row">
        <input
          id={inputId}
          name="correo"
          type="email"
          required
          maxLength={100}
          autoComplete="email"
          placeholder="tucorreo@gmail.com"
          // A logged-in customer is told at their account's address, which the server uses anyway.
          {...(accountEmail ? { value: accountEmail, readOnly: true } : {})}
          aria-invalid={failure?.field ? true : undefined}
          aria-describedby={failure ? `${inputId}-error` : undefined}
        />
        <button type="submit" className="button" disabled={mutation.isPending}>
          {mutation.isPending ? 'Guardando…' : 'Avísame cuando llegue'}
        </button>
      </div>
      {failure && (
        <p id={`${inputId}-error`} className="form-field__error" role="alert">
          {failure.message}
        </p>
      )}
      <p className="stock-alert__hint">{STOCK_ALERT_MESSAGES.unsubscribeHint}</p>
    </form>
  );
}
