import { zodResolver } from '@hookform/resolvers/zod';
import {
  pedidoAccesoFormSchema,
  RESULTADO_PAGO_MESSAGES,
  RESULTADOS_PAGO,
  type PedidoAccesoInput,
  type ResultadoPago,
} from '@nexbyte/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { AlertTone } from '../../../components/ui/alert';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { forgetPaymentInProgress } from '../../../lib/payment-in-progress';
import { useSession } from '../../../lib/use-session';
import { useOrder } from '../api/get-order';
import { useRequestOrderLink } from '../api/request-order-link';
import { guestOrderAccess } from '../guest-order-access';
import { OrderDetails } from './order-details';
import '../orders.css';

export const ORDER_LINK_FAILED =
  'Este enlace ya no abre el pedido (pediste uno más nuevo, o está incompleto). Pide uno nuevo abajo.';
const LINK_REQUEST_FAILED = 'No pudimos pedir el enlace. Inténtalo de nuevo.';

interface OrderLookupProps {
  numero: string;
  justPlaced?: boolean;
}

/**
 * /pedido/{numero}: the order, for its customer or for the guest who holds its link
 * (/pedido/{numero}#{token}). Anyone else sees a small form that e-mails the link to the order's
 * address, and nothing about the order.
 */
export function OrderLookup({ numero, justPlaced = false }: OrderLookupProps) {
  const session = useSession();
  const access = guestOrderAccess(numero, useLocation().hash);
  const order = useOrder(numero, access, session?.user.id ?? null);
  const resultado = usePaymentResult();
  const loaded = order.data !== undefined;
  useEffect(() => {
    // The buyer found the order again: the empty checkout no longer needs to point to it.
    if (loaded) forgetPaymentInProgress(numero);
  }, [loaded, numero]);

  const result = resultado && (
    <Alert tone={RESULT_TONES[resultado]}>{RESULTADO_PAGO_MESSAGES[resultado]}</Alert>
  );
  if (order.error instanceof ApiError && order.error.status === 404) {
    return (
      <>
        {result}
        <LinkRequestForm numero={numero} failed={access !== null} loggedIn={session !== null} />
      </>
    );
  }
  return (
    <>
      {result}
      <QueryState
        query={order}
        loading="Cargando el pedido…"
        errorMessage="No pudimos cargar el pedido. Inténtalo de nuevo."
        errorHeading={<h1>Pedido {numero}</h1>}
      >
        {(data) => (
          <OrderDetails
            order={data}
            justPlaced={justPlaced}
            backFromPayment={resultado !== null}
            loggedIn={session !== null}
            access={access}
          />
        )}
      </QueryState>
    </>
  );
}

const RESULT_TONES: Record<ResultadoPago, AlertTone> = {
  aprobado: 'success',
  anulado: 'warning',
  rechazado: 'danger',
  error: 'danger',
};

function isResultadoPago(value: string | null): value is ResultadoPago {
  return (RESULTADOS_PAGO as readonly (string | null)[]).includes(value);
}

/**
 * `?pago=aprobado|rechazado|anulado|error`, where the server sends the buyer back from Webpay.
 * Read once and taken out of the address, so a reload or a shared link does not repeat it; the
 * order itself opens again with the token kept for the tab.
 */
function usePaymentResult(): ResultadoPago | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [resultado] = useState(() => {
    const value = new URLSearchParams(location.search).get('pago');
    return isResultadoPago(value) ? value : null;
  });
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has('pago')) return;
    params.delete('pago');
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state as unknown },
    );
  }, [location, navigate]);
  return resultado;
}

interface LinkRequestFormProps {
  numero: string;
  /** A link was tried and did not open the order. */
  failed: boolean;
  loggedIn: boolean;
}

function LinkRequestForm({ numero, failed, loggedIn }: LinkRequestFormProps) {
  const request = useRequestOrderLink(numero);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PedidoAccesoInput>({
    resolver: zodResolver(pedidoAccesoFormSchema),
    defaultValues: { correo: '' },
  });
  return (
    <div className="order-access">
      <h1>Pedido {numero}</h1>
      <p>
        Para ver este pedido, abre el enlace que te enviamos por correo. Si no lo tienes, escribe el
        correo con el que lo hiciste y te enviaremos uno nuevo.
      </p>
      {!loggedIn && (
        <p className="muted">
          Si lo hiciste con tu cuenta, <Link to="/login">inicia sesión</Link>.
        </p>
      )}
      <div aria-live="polite">
        {request.isSuccess ? (
          <Alert tone="success">{request.data.message}</Alert>
        ) : request.isError ? (
          <Alert tone="danger">{errorMessage(request.error, LINK_REQUEST_FAILED)}</Alert>
        ) : (
          failed && <Alert tone="warning">{ORDER_LINK_FAILED}</Alert>
        )}
      </div>
      <form
        className="order-access__form"
        noValidate
        onSubmit={handleSubmit((values) => request.mutate(values))}
      >
        <FormField label="Correo" error={errors.correo?.message}>
          <input {...register('correo')} type="email" autoComplete="email" />
        </FormField>
        <button type="submit" className="button" disabled={request.isPending}>
          Enviarme el enlace
        </button>
      </form>
    </div>
  );
}
