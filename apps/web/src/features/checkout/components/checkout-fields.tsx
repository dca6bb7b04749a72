import { METODO_PAGO_LABELS, type MetodoPago, type Usuario } from '@nexbyte/shared';
import { useFormContext } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { PhoneInput } from '../../../components/ui/phone-input';
import { RegionComunaFields } from '../../../components/ui/region-comuna-fields';

/** Every field either checkout form may hold; each form uses its own subset. */
export interface CheckoutValues {
  nombre?: string;
  correo?: string;
  run?: string;
  telefono?: string | null;
  region: string;
  comuna: string;
  direccion: string;
}

/** A customer's own data, from the account; only the phone may be given here. */
export function CustomerFields({ user, disabled }: { user: Usuario; disabled: boolean }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<CheckoutValues>();
  return (
    <fieldset className="checkout-fieldset" disabled={disabled}>
      <legend>Tus datos</legend>
      <p className="checkout-account">
        <span>
          {user.nombre} {user.apellidos}
        </span>
        <span>{user.correo}</span>
      </p>
      <FormField label="Teléfono" optional hint="9 XXXX XXXX" error={errors.telefono?.message}>
        <PhoneInput {...register('telefono')} />
      </FormField>
    </fieldset>
  );
}

/** A guest tells who buys and how to reach them, with the registration's rules. */
export function GuestFields({ disabled }: { disabled: boolean }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<CheckoutValues>();
  return (
    <fieldset className="checkout-fieldset" disabled={disabled}>
      <legend>Tus datos</legend>
      <div className="form-grid">
        <FormField
          label="Nombre y apellidos"
          className="form-field--wide"
          error={errors.nombre?.message}
        >
          <input {...register('nombre')} autoComplete="name" />
        </FormField>
        <FormField
          label="Correo"
          hint="Te enviaremos aquí el pedido y los datos para pagar."
          className="form-field--wide"
          error={errors.correo?.message}
        >
          <input {...register('correo')} type="email" autoComplete="email" />
        </FormField>
        <FormField label="RUN" hint="Ej.: 12.345.678-5" error={errors.run?.message}>
          <input {...register('run')} autoComplete="off" autoCapitalize="characters" />
        </FormField>
        <FormField label="Teléfono" hint="9 XXXX XXXX" error={errors.telefono?.message}>
          <PhoneInput {...register('telefono')} />
        </FormField>
      </div>
    </fieldset>
  );
}

export function DeliveryFields({ disabled }: { disabled: boolean }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<CheckoutValues>();
  return (
    <fieldset className="checkout-fieldset" disabled={disabled}>
      <legend>Dirección de entrega</legend>
      <div className="form-grid">
        <RegionComunaFields<CheckoutValues> regionName="region" comunaName="comuna" />
        <FormField label="Dirección" className="form-field--wide" error={errors.direccion?.message}>
          <input {...register('direccion')} autoComplete="street-address" />
        </FormField>
      </div>
    </fieldset>
  );
}

interface PaymentMethodProps {
  /** The methods the shop offers now, in the order GET /config gives them. */
  metodos: readonly MetodoPago[];
  value: MetodoPago;
  onChange: (metodo: MetodoPago) => void;
  descuentoTransferenciaPct: number;
  disabled: boolean;
}

function paymentHint(metodo: MetodoPago, descuentoTransferenciaPct: number): string {
  if (metodo === 'WEBPAY') {
    return 'Al confirmar te llevamos a Webpay para pagar con tu tarjeta de débito, crédito o prepago.';
  }
  const discount =
    descuentoTransferenciaPct > 0
      ? ` Pagando por transferencia tienes un ${descuentoTransferenciaPct} % de descuento.`
      : '';
  return `Al confirmar te mostramos los datos de la cuenta y te los enviamos por correo. Guardamos tus productos mientras esperamos la transferencia.${discount}`;
}

/** 'Medio de pago': one radio per method on, each with what happens after confirming. */
export function PaymentMethod({
  metodos,
  value,
  onChange,
  descuentoTransferenciaPct,
  disabled,
}: PaymentMethodProps) {
  return (
    <fieldset className="checkout-fieldset" disabled={disabled}>
      <legend>Medio de pago</legend>
      <div className="checkout-payments">
        {metodos.map((metodo) => {
          const hintId = `checkout-payment-hint-${metodo.toLowerCase()}`;
          return (
            <div key={metodo} className="checkout-payment-option">
              <label className="checkout-payment">
                <input
                  type="radio"
                  name="metodoPago"
                  value={metodo}
                  checked={value === metodo}
                  onChange={() => onChange(metodo)}
                  aria-describedby={hintId}
                />
                <strong>{METODO_PAGO_LABELS[metodo]}</strong>
              </label>
              <p id={hintId} className="checkout-payment__hint">
                {paymentHint(metodo, descuentoTransferenciaPct)}
              </p>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
