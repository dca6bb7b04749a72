import { zodResolver } from '@hookform/resolvers/zod';
import {
  COUPON_KIND_LABELS,
  COUPON_KINDS,
  CUPON_MESSAGES,
  cuponInputSchema,
  type Cupon,
  type CuponInput,
} from '@nexbyte/shared';
import { useState } from 'react';
import { z } from 'zod';
import { Alert } from '../../../../components/ui/alert';
import { FormField } from '../../../../components/ui/form-field';
import { actionErrorMessage } from '../../../../lib/error-message';
import { useServerForm } from '../../../../lib/use-server-form';

/** What the inputs hold: numbers and dates as typed; an empty limit or date means none. */
export interface CouponFormValues {
  codigo: string;
  tipo: Cupon['tipo'];
  valor: string;
  label: string;
  validoDesde: string;
  validoHasta: string;
  minimoSubtotal: string;
  limiteTotal: string;
  limitePorCliente: string;
  activo: boolean;
}

const optionalNumber = (v: string) => (v.trim() === '' ? null : Number(v));
/** A datetime-local value is the admin's own clock; the API takes an instant. */
const optionalInstant = (v: string) => {
  if (v.trim() === '') return null;
  const time = new Date(v);
  return Number.isNaN(time.getTime()) ? v : time.toISOString();
};

const formSchema = z
  .object({
    codigo: z.string(),
    tipo: z.enum(COUPON_KINDS, { error: CUPON_MESSAGES.tipo }),
    valor: z.string(),
    label: z.string(),
    validoDesde: z.string(),
    validoHasta: z.string(),
    minimoSubtotal: z.string(),
    limiteTotal: z.string(),
    limitePorCliente: z.string(),
    activo: z.boolean(),
  })
  .transform((v) => ({
    ...v,
    valor: v.tipo === 'shipping' ? 0 : Number(v.valor || Number.NaN),
    validoDesde: optionalInstant(v.validoDesde),
    validoHasta: optionalInstant(v.validoHasta),
    minimoSubtotal: Number(v.minimoSubtotal || 0),
    limiteTotal: optionalNumber(v.limiteTotal),
    limitePorCliente: optionalNumber(v.limitePorCliente),
  }))
  .pipe(cuponInputSchema);

/** An instant shown in a datetime-local input, in the admin's clock. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function couponFormValues(cupon?: Cupon): CouponFormValues {
  return {
    codigo: cupon?.codigo ?? '',
    tipo: cupon?.tipo ?? 'percent',
    valor: cupon ? String(cupon.valor) : '',
    label: cupon?.label ?? '',
    validoDesde: localInput(cupon?.validoDesde ?? null),
    validoHasta: localInput(cupon?.validoHasta ?? null),
    minimoSubtotal: cupon ? String(cupon.minimoSubtotal) : '0',
    limiteTotal: cupon?.limiteTotal ? String(cupon.limiteTotal) : '',
    limitePorCliente: cupon?.limitePorCliente ? String(cupon.limitePorCliente) : '',
    activo: cupon?.activo ?? true,
  };
}

interface CouponFormProps {
  initial?: Cupon;
  submitLabel: string;
  onSave: (body: CuponInput) => Promise<unknown>;
  onCancel?: () => void;
}

/** A coupon's code, kind and value, its dates, minimum and limits, and whether it is on. */
export function CouponForm({ initial, submitLabel, onSave, onCancel }: CouponFormProps) {
  const [saveError, setSaveError] = useState<string | null>(null);
  const {
    register,
    submit,
    reset,
    watch,
    showServerErrors,
    formState: { errors, isSubmitting },
  } = useServerForm<CouponFormValues, CuponInput>({
    resolver: zodResolver(formSchema) as never,
    defaultValues: couponFormValues(initial),
  });
  const tipo = watch('tipo');
  const onSubmit = submit(async (body) => {
    setSaveError(null);
    try {
      await onSave(body);
      if (!initial) reset(couponFormValues());
    } catch (error) {
      if (!showServerErrors(error))
        setSaveError(actionErrorMessage('Error al guardar el cupón.', error));
    }
  });
  return (
    <form
      className="coupon-form"
      noValidate
      aria-busy={isSubmitting}
      onSubmit={(event) => {
        if (isSubmitting) event.preventDefault();
        else void onSubmit(event);
      }}
    >
      {saveError && <Alert tone="danger">{saveError}</Alert>}
      <div className="form-grid">
        <FormField label="Código" hint="Se guarda en mayúsculas." error={errors.codigo?.message}>
          <input {...register('codigo')} autoComplete="off" autoCapitalize="characters" />
        </FormField>
        <FormField label="Tipo" error={errors.tipo?.message}>
          <select {...register('tipo')}>
            {COUPON_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {COUPON_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </FormField>
        {tipo !== 'shipping' && (
          <FormField
            label={tipo === 'percent' ? 'Porcentaje' : 'Monto en pesos'}
            error={errors.valor?.message}
          >
            <input {...register('valor')} type="number" inputMode="numeric" min={0} step={1} />
          </FormField>
        )}
        <FormField
          label="Etiqueta"
          hint="Lo que ve el cliente: 'Aplicado: {etiqueta}'."
          className="form-field--wide"
          error={errors.label?.message}
        >
          <input {...register('label')} autoComplete="off" />
        </FormField>
        <FormField label="Válido desde" optional error={errors.validoDesde?.message}>
          <input {...register('validoDesde')} type="datetime-local" />
        </FormField>
        <FormField label="Válido hasta" optional error={errors.validoHasta?.message}>
          <input {...register('validoHasta')} type="datetime-local" />
        </FormField>
        <FormField label="Compra mínima" error={errors.minimoSubtotal?.message}>
          <input
            {...register('minimoSubtotal')}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
          />
        </FormField>
        <FormField
          label="Usos en total"
          optional
          hint="Vacío: sin límite."
          error={errors.limiteTotal?.message}
        >
          <input {...register('limiteTotal')} type="number" inputMode="numeric" min={1} step={1} />
        </FormField>
        <FormField
          label="Usos por cliente"
          optional
          hint="Por cuenta, o por correo si compra como invitado."
          error={errors.limitePorCliente?.message}
        >
          <input
            {...register('limitePorCliente')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
          />
        </FormField>
      </div>
      <label className="coupon-form__check">
        <input type="checkbox" {...register('activo')} />
        Activo
      </label>
      <div className="coupon-form__actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Guardando…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancelar
          </button>
        )}
      </div>
    </form>
  );
}
