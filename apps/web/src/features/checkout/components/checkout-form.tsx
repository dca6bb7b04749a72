import { zodResolver } from '@hookform/resolvers/zod';
import {
  buildDatosInvitadoSchema,
  datosClienteSchema,
  documentoFormSchema,
  type CartItem,
  type Coupon,
  type Cotizacion,
  type CotizacionRequest,
  type MetodoPago,
  type PedidoCreado,
  type Usuario,
} from '@nexbyte/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { FormProvider, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { domainSchema } from '../../../lib/form-schemas';
import { useSavedCompanies } from '../../../lib/saved-companies';
import {
  shopConfigQueryOptions,
  usePaymentSettings,
  type PaymentSettings,
} from '../../../lib/shop-config';
import { useShippingSettings } from '../../../lib/shipping-settings';
import { useServerForm } from '../../../lib/use-server-form';
import { placeOrderErrorMessage, usePlaceOrder } from '../api/place-order';
import { useQuote } from '../api/quote-order';
import { useShippingOptions } from '../api/shipping-options';
import { checkoutAttemptKey, forgetCheckoutAttempt } from '../checkout-attempt';
import {
  CustomerFields,
  DeliveryFields,
  GuestFields,
  PaymentMethod,
  type CheckoutValues,
} from './checkout-fields';
import { CheckoutPreparing } from './checkout-preparing';
import { CheckoutSummary } from './checkout-summary';
import { DocumentFields, EMPTY_EMPRESA } from './document-fields';
import { hasBlockingProblems, QuoteNotices } from './quote-notices';
import { ShippingOptions } from './shipping-options';

export interface CheckoutPageProps {
  items: CartItem[];
  coupon: Coupon | null;
  /** The logged-in customer, or null for a guest. */
  user: Usuario | null;
  /** Brings the cart in line with the quote: today's prices, what is left in stock. */
  onUpdateCart: (quote: Cotizacion) => void;
  /**
   * The order exists: empty the cart and show it (a guest's carries the token that opens it), or
   * with `pago` take the buyer to Webpay.
   */
  onPlaced: (order: PedidoCreado) => void;
}

/**
 * The form waits for the methods on, so the one chosen by default is never swapped under the
 * buyer, and for the shipping settings' first answer, so 'Retiro en tienda' does not arrive above
 * the address fields and push them down. If that first answer is a failure the form comes without
 * them (only 'Despacho a domicilio'), instead of waiting for the retries.
 */
export default function CheckoutWithPayments(props: CheckoutPageProps) {
  const payments = usePaymentSettings();
  const shippingSettings = useShippingSettings();
  const shippingAnswered = !shippingSettings.isPending || shippingSettings.failureCount > 0;
  if (!payments || !shippingAnswered) return <CheckoutPreparing />;
  return <CheckoutForm {...props} payments={payments} />;
}

function defaultsFor(user: Usuario | null): CheckoutValues {
  const documento = { tipo: 'BOLETA' as const, empresa: EMPTY_EMPRESA };
  if (!user) {
    return {
      nombre: '',
      correo: '',
      run: '',
      telefono: '',
      entrega: 'DESPACHO',
      region: '',
      comuna: '',
      direccion: '',
      documento,
    };
  }
  return {
    telefono: user.telefono ?? '',
    entrega: 'DESPACHO',
    region: user.region,
    comuna: user.comuna,
    direccion: user.direccion,
    documento,
  };
}

/** The method the buyer chose while it is still on, else the first one the shop offers. */
function offeredMethod(chosen: MetodoPago | null, payments: PaymentSettings): MetodoPago {
  if (chosen && payments.metodos.includes(chosen)) return chosen;
  return payments.metodos[0] ?? 'TRANSFERENCIA';
}

function CheckoutForm({
  items,
  coupon,
  user,
  onUpdateCart,
  onPlaced,
  payments,
}: CheckoutPageProps & { payments: PaymentSettings }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<MetodoPago | null>(null);
  const metodoPago = offeredMethod(chosen, payments);
  const buyerSchema = user ? datosClienteSchema : domainSchema(buildDatosInvitadoSchema);
  const schema = z.intersection(buyerSchema, documentoFormSchema);
  const form = useServerForm<CheckoutValues>({
    resolver: zodResolver(schema) as unknown as Resolver<CheckoutValues>,
    defaultValues: defaultsFor(user),
    serverFields: [
      'nombre',
      'correo',
      'run',
      'telefono',
      'entrega',
      'region',
      'comuna',
      'direccion',
      'documento',
    ],
  });
  const pickup = useShippingSettings().data?.retiro;
  const offersPickup = pickup?.activo ? pickup : null;
  // Pickup switched off while the page was open falls back to home delivery.
  const entrega = offersPickup ? form.watch('entrega') : 'DESPACHO';
  const region = form.watch('region');
  const comuna = form.watch('comuna');
  const documento = form.watch('documento.tipo');
  // The carrier's services for this comuna and cart (decision 036); the first until one is chosen.
  const shipping = useShippingOptions(
    entrega === 'DESPACHO' && region && comuna
      ? { items: items.map((i) => ({ productoId: i.id, qty: i.qty })), region, comuna }
      : null,
  );
  const [chosenShipping, setChosenShipping] = useState<string | null>(null);
  const shippingChoices = entrega === 'DESPACHO' ? shipping.data?.opciones : undefined;
  const envioCotizado =
    shippingChoices?.find((o) => o.cotizacion === chosenShipping)?.cotizacion ??
    shippingChoices?.[0]?.cotizacion;
  // A customer's saved companies are asked for once a factura is.
  const companies = useSavedCompanies(user && documento === 'FACTURA' ? user.id : null);

  const request = useMemo<CotizacionRequest>(
    () => ({
      items: items.map((i) => ({ productoId: i.id, qty: i.qty, precio: i.precio })),
      cupon: coupon?.code ?? null,
      metodoPago,
      entrega,
      // The región prices home delivery; until one is chosen the quote uses the spec's values.
      ...(entrega === 'DESPACHO' && region ? { region } : {}),
      // A factura's quote adds the neto the summary shows.
      ...(documento === 'FACTURA' ? { documento } : {}),
      // The chosen service's signed price is the shipping charged.
      ...(envioCotizado ? { envioCotizado } : {}),
    }),
    [items, coupon, metodoPago, entrega, region, documento, envioCotizado],
  );
  const quote = useQuote(request);
  const placeOrder = usePlaceOrder();
  const [failure, setFailure] = useState<string | null>(null);

  const blocking = hasBlockingProblems(quote.data);
  // While a changed cart is quoted again, the total on screen is not yet the one to confirm.
  const ready =
    quote.isSuccess &&
    !quote.isPlaceholderData &&
    !quote.isFetching &&
    !blocking &&
    !(entrega === 'DESPACHO' && shipping.isFetching);
  const busy = placeOrder.isPending;
  // A total of $0 needs no payment: the server confirms the order without going to Webpay.
  const toWebpay = metodoPago === 'WEBPAY' && quote.data?.total !== 0;

  const submit = (values: CheckoutValues) => {
    if (!quote.data || !ready) return;
    setFailure(null);
    const body = {
      ...values,
      entrega,
      items: request.items,
      // The coupon the server accepted in the quote: the total shown is the one confirmed.
      cupon: quote.data.cupon?.codigo ?? null,
      metodoPago,
      totalEsperado: quote.data.total,
      ...(envioCotizado ? { envioCotizado } : {}),
    };
    placeOrder.mutate(
      { body, idempotencyKey: checkoutAttemptKey() },
      {
        onSuccess: (order) => {
          forgetCheckoutAttempt();
          onPlaced(order);
        },
        onError: (error) => {
          setFailure(placeOrderErrorMessage(error));
          if (!(error instanceof ApiError)) return;
          if (error.status === 409) {
            void quote.refetch();
            // An expired or changed shipping quote: ask the carrier again.
            if (envioCotizado) void shipping.refetch();
          }
          // 422: the key already placed another order, or Webpay went off; 502: Webpay failed and
          // no order was kept. Either way the next try is a new attempt.
          if (error.status === 422 || error.status === 502) forgetCheckoutAttempt();
          // Webpay refused as not offered: ask which methods are on now.
          if (error.status === 422 && metodoPago === 'WEBPAY') {
            void queryClient.invalidateQueries({ queryKey: shopConfigQueryOptions.queryKey });
          }
          form.showServerErrors(error);
        },
      },
    );
  };

  return (
    <div className="checkout-layout">
      <FormProvider {...form}>
        <form className="checkout-form" noValidate onSubmit={form.submit(submit)} aria-busy={busy}>
          {!user && (
            <p className="checkout-login">
              ¿Tienes cuenta? <Link to="/login">Inicia sesión</Link> y usamos tus datos. También
              puedes comprar como invitado.
            </p>
          )}
          {user ? <CustomerFields user={user} disabled={busy} /> : <GuestFields disabled={busy} />}
          <DeliveryFields disabled={busy} pickup={offersPickup} />
          {entrega === 'DESPACHO' && region && comuna && (
            <ShippingOptions
              options={shipping.data}
              loading={shipping.isFetching}
              failed={shipping.isError}
              value={envioCotizado ?? null}
              onChange={setChosenShipping}
              disabled={busy}
            />
          )}
          <DocumentFields disabled={busy} companies={companies.data ?? null} />
          <PaymentMethod
            metodos={payments.metodos}
            value={metodoPago}
            onChange={setChosen}
            descuentoTransferenciaPct={payments.descuentoTransferenciaPct}
            disabled={busy}
          />
          <QuoteNotices
            quote={quote.data}
            couponCode={coupon?.code ?? null}
            onUpdateCart={() => quote.data && onUpdateCart(quote.data)}
          />
          {failure && <Alert tone="danger">{failure}</Alert>}
          <div className="actions checkout-actions">
            <button type="submit" className="button checkout-submit" disabled={!ready || busy}>
              {busy ? 'Enviando pedido…' : toWebpay ? 'Pagar con Webpay' : 'Confirmar pedido'}
            </button>
            <Link to="/carrito">Volver al carrito</Link>
          </div>
        </form>
      </FormProvider>
      <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
        <h2 id="checkout-summary-title">Resumen del pedido</h2>
        <QueryState
          query={quote}
          loading="Calculando tu pedido…"
          errorMessage="No pudimos calcular tu pedido. Inténtalo de nuevo."
        >
          {(data) => (
            <div aria-busy={quote.isFetching}>
              <CheckoutSummary quote={data} />
            </div>
          )}
        </QueryState>
      </aside>
    </div>
  );
}
