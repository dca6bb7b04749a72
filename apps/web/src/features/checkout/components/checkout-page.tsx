import { zodResolver } from '@hookform/resolvers/zod';
import {
  datosClienteSchema,
  type CartItem,
  type Coupon,
  type Cotizacion,
  type CotizacionRequest,
  type Pedido,
  type Usuario,
} from '@nexbyte/shared';
import { useMemo, useState, type FormEvent } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { domainSchemas } from '../../../lib/form-schemas';
import { placeOrderErrorMessage, usePlaceOrder } from '../api/place-order';
import { useQuote } from '../api/quote-order';
import { checkoutAttemptKey, forgetCheckoutAttempt } from '../checkout-attempt';
import {
  CustomerFields,
  DeliveryFields,
  GuestFields,
  PaymentMethod,
  type CheckoutValues,
} from './checkout-fields';
import { CheckoutSummary } from './checkout-summary';
import { hasBlockingProblems, QuoteNotices } from './quote-notices';
import '../checkout.css';

export interface CheckoutPageProps {
  items: CartItem[];
  coupon: Coupon | null;
  /** The logged-in customer, or null for a guest. */
  user: Usuario | null;
  /** Brings the cart in line with the quote: today's prices, what is left in stock. */
  onUpdateCart: (quote: Cotizacion) => void;
  /** The order exists: empty the cart and show it. guestEmail opens it again for a visitor. */
  onPlaced: (order: Pedido, guestEmail: string | null) => void;
}

/** The checkout: who buys, where to deliver, how to pay, and the order as the server prices it. */
export function CheckoutPage(props: CheckoutPageProps) {
  if (props.items.length === 0) {
    return (
      <div className="checkout-empty">
        <p>Tu carrito está vacío.</p>
        <Link to="/productos" className="button">
          Ver productos
        </Link>
      </div>
    );
  }
  return <CheckoutForm {...props} />;
}

const FIELD_NAMES: readonly (keyof CheckoutValues)[] = [
  'nombre',
  'correo',
  'run',
  'telefono',
  'region',
  'comuna',
  'direccion',
];

/** Focuses the first invalid control in page order (the region selects register last). */
function focusFirstInvalid(form: HTMLFormElement | null, names: Iterable<string>) {
  const invalid = new Set(names);
  for (const element of Array.from(form?.elements ?? [])) {
    const control = element as HTMLInputElement;
    if ('name' in control && invalid.has(control.name) && !control.disabled) {
      control.focus();
      return;
    }
  }
}

function defaultsFor(user: Usuario | null): CheckoutValues {
  if (!user) {
    return { nombre: '', correo: '', run: '', telefono: '', region: '', comuna: '', direccion: '' };
  }
  return {
    telefono: user.telefono ?? '',
    region: user.region,
    comuna: user.comuna,
    direccion: user.direccion,
  };
}

function CheckoutForm({ items, coupon, user, onUpdateCart, onPlaced }: CheckoutPageProps) {
  const request = useMemo<CotizacionRequest>(
    () => ({
      items: items.map((i) => ({ productoId: i.id, qty: i.qty, precio: i.precio })),
      cupon: coupon?.code ?? null,
    }),
    [items, coupon],
  );
  const quote = useQuote(request);
  const placeOrder = usePlaceOrder();
  const [failure, setFailure] = useState<string | null>(null);

  const schema = user ? datosClienteSchema : domainSchemas().datosInvitado;
  const form = useForm<CheckoutValues>({
    resolver: zodResolver(schema) as unknown as Resolver<CheckoutValues>,
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: defaultsFor(user),
  });

  const blocking = hasBlockingProblems(quote.data);
  // While a changed cart is quoted again, the total on screen is not yet the one to confirm.
  const ready = quote.isSuccess && !quote.isPlaceholderData && !quote.isFetching && !blocking;
  const busy = placeOrder.isPending;

  const submit = (values: CheckoutValues, formElement: HTMLFormElement) => {
    if (!quote.data || !ready) return;
    setFailure(null);
    const body = {
      ...values,
      items: request.items,
      // The coupon the server accepted in the quote: the total shown is the one confirmed.
      cupon: quote.data.cupon?.codigo ?? null,
      metodoPago: 'TRANSFERENCIA' as const,
      totalEsperado: quote.data.total,
    };
    placeOrder.mutate(
      { body, idempotencyKey: checkoutAttemptKey() },
      {
        onSuccess: (order) => {
          forgetCheckoutAttempt();
          onPlaced(order, order.invitado ? order.cliente.correo : null);
        },
        onError: (error) => {
          setFailure(placeOrderErrorMessage(error));
          if (!(error instanceof ApiError)) return;
          if (error.status === 409) void quote.refetch();
          // The key already placed another order: the next try must be a new attempt.
          if (error.status === 422) forgetCheckoutAttempt();
          const fields = Object.entries(error.errors ?? {}).filter(([name]) =>
            FIELD_NAMES.includes(name as keyof CheckoutValues),
          );
          for (const [name, message] of fields) {
            form.setError(name as keyof CheckoutValues, { message });
          }
          focusFirstInvalid(
            formElement,
            fields.map(([name]) => name),
          );
        },
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const formElement = event.currentTarget;
    return form.handleSubmit(
      (values) => submit(values, formElement),
      (invalid) => focusFirstInvalid(formElement, Object.keys(invalid)),
    )(event);
  };

  return (
    <div className="checkout-layout">
      <FormProvider {...form}>
        <form className="checkout-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
          {!user && (
            <p className="checkout-login">
              ¿Tienes cuenta? <Link to="/login">Inicia sesión</Link> y usamos tus datos. También
              puedes comprar como invitado.
            </p>
          )}
          {user ? <CustomerFields user={user} disabled={busy} /> : <GuestFields disabled={busy} />}
          <DeliveryFields disabled={busy} />
          <PaymentMethod />
          <QuoteNotices
            quote={quote.data}
            couponCode={coupon?.code ?? null}
            onUpdateCart={() => quote.data && onUpdateCart(quote.data)}
          />
          {failure && <Alert tone="danger">{failure}</Alert>}
          <div className="actions checkout-actions">
            <button type="submit" className="button checkout-submit" disabled={!ready || busy}>
              {busy ? 'Enviando pedido…' : 'Confirmar pedido'}
            </button>
            <Link to="/carrito">Volver al carrito</Link>
          </div>
        </form>
      </FormProvider>
      <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
        <h2 id="checkout-summary-title">Resumen del pedido</h2>
        {quote.isPending ? (
          <p role="status" className="muted">
            Calculando tu pedido…
          </p>
        ) : quote.isError && !quote.data ? (
          <div>
            <Alert tone="danger">No pudimos calcular tu pedido. Inténtalo de nuevo.</Alert>
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => void quote.refetch()}
            >
              Reintentar
            </button>
          </div>
        ) : (
          <div aria-busy={quote.isFetching}>
            <CheckoutSummary quote={quote.data} />
          </div>
        )}
      </aside>
    </div>
  );
}
