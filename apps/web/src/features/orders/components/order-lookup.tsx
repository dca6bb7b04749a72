import { zodResolver } from '@hookform/resolvers/zod';
import { pedidoAccesoFormSchema, type PedidoAccesoInput } from '@nexbyte/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';
import { useOrder } from '../api/get-order';
import { guestOrderEmail } from '../guest-order-access';
import { OrderDetails } from './order-details';
import '../orders.css';

export const ORDER_NOT_FOUND = 'No encontramos un pedido con ese número y correo.';

interface OrderLookupProps {
  numero: string;
  justPlaced?: boolean;
}

/**
 * /pedido/{numero}: the order, for its customer or (with the e-mail it was placed with) for the
 * guest who placed it. Anyone else sees a small form that asks for the e-mail, and nothing else.
 */
export function OrderLookup({ numero, justPlaced = false }: OrderLookupProps) {
  const session = useSession();
  const [email, setEmail] = useState<string | null>(() => guestOrderEmail(numero));
  const order = useOrder(numero, email, session?.user.id ?? null);

  if (order.isPending) {
    return (
      <p role="status" className="muted">
        Cargando el pedido…
      </p>
    );
  }
  if (order.isSuccess) {
    return <OrderDetails order={order.data} justPlaced={justPlaced} loggedIn={session !== null} />;
  }
  const notFound = order.error instanceof ApiError && order.error.status === 404;
  if (!notFound) {
    return (
      <div>
        <h1>Pedido {numero}</h1>
        <Alert tone="danger">No pudimos cargar el pedido. Inténtalo de nuevo.</Alert>
        <button type="button" className="button button--ghost" onClick={() => void order.refetch()}>
          Reintentar
        </button>
      </div>
    );
  }
  return (
    <EmailAccessForm
      numero={numero}
      failed={email !== null}
      loggedIn={session !== null}
      onSubmit={setEmail}
    />
  );
}

interface EmailAccessFormProps {
  numero: string;
  /** An e-mail was tried and did not open the order. */
  failed: boolean;
  loggedIn: boolean;
  onSubmit: (email: string) => void;
}

function EmailAccessForm({ numero, failed, loggedIn, onSubmit }: EmailAccessFormProps) {
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
      <p>Para ver este pedido, escribe el correo con el que lo hiciste.</p>
      {!loggedIn && (
        <p className="muted">
          Si lo hiciste con tu cuenta, <Link to="/login">inicia sesión</Link>.
        </p>
      )}
      <div aria-live="polite">{failed && <Alert tone="danger">{ORDER_NOT_FOUND}</Alert>}</div>
      <form
        className="order-access__form"
        noValidate
        onSubmit={handleSubmit((values) => onSubmit(values.correo))}
      >
        <FormField label="Correo" error={errors.correo?.message}>
          <input {...register('correo')} type="email" autoComplete="email" />
        </FormField>
        <button type="submit" className="button">
          Ver pedido
        </button>
      </form>
    </div>
  );
}
