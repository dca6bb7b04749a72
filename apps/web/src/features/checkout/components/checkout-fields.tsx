import {
  METODO_ENTREGA_LABELS,
  METODO_PAGO_LABELS,
  type AjustesEnvio,
  type EmpresaInput,
  type MetodoEntrega,
  type MetodoPago,
  type TipoDocumento,
  type Usuario,
} from '@nexbyte/shared';
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
  entrega: MetodoEntrega;
  region: string;
  comuna: string;
  direccion: string;
  /** A factura's company is kept while a boleta is chosen, and sent only with a factura. */
  documento: { tipo: TipoDocumento; empresa: EmpresaInput };
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

type Retiro = NonNullable<AjustesEnvio['retiro']>;

/**
 * 'Despacho a domicilio' to the región and comuna asked as before, or 'Retiro en tienda' (free,
 * offered only while the shop has it on) with the store's address and hours and no address asked.
 */
export function DeliveryFields({ disabled, pickup }: { disabled: boolean; pickup: Retiro | null }) {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<CheckoutValues>();
  const entrega = watch('entrega');
  const options: MetodoEntrega[] = pickup ? ['DESPACHO', 'RETIRO'] : ['DESPACHO'];
  return (
    <fieldset className="checkout-fieldset" disabled={disabled}>
      <legend>Entrega</legend>
      {options.length > 1 && (
        <div className="checkout-payments checkout-delivery">
          {options.map((option) => (
            <label key={option} className="checkout-payment">
              <input type="radio" value={option} {...register('entrega')} />
              <strong>{METODO_ENTREGA_LABELS[option]}</strong>
            </label>
          ))}
        </div>
      )}
      {entrega === 'RETIRO' && pickup ? (
        <div className="checkout-pickup">
          <p>
            Retira gratis en <strong>{pickup.direccion}</strong>, {pickup.comuna}, {pickup.region}.
          </p>
          <p>Horario: {pickup.horario}.</p>
          <p className="muted">Te avisamos por correo cuando tu pedido esté listo para retirar.</p>
        </div>
      ) : (
        <div className="form-grid">
          <RegionComunaFields<CheckoutValues> regionName="region" comunaName="comuna" />
          <FormField
            label="Dirección"
            className="form-field--wide"
            error={errors.direccion?.message}
          >
            <input {...register('direccion')} autoComplete="street-address" />
          </FormField>
        </div>
      )}
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
