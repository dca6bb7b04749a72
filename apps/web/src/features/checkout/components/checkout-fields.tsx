import type { Usuario } from '@nexbyte/shared';
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

export function PaymentMethod() {
  return (
    <fieldset className="checkout-fieldset">
      <legend>Medio de pago</legend>
      <label className="checkout-payment">
        <input
          type="radio"
          name="metodoPago"
          value="TRANSFERENCIA"
          defaultChecked
          aria-describedby="checkout-payment-hint"
        />
        <strong>Transferencia bancaria</strong>
      </label>
      <p id="checkout-payment-hint" className="checkout-payment__hint">
        Al confirmar te mostramos los datos de la cuenta y te los enviamos por correo. Guardamos tus
        productos mientras esperamos la transferencia.
      </p>
    </fieldset>
  );
}
