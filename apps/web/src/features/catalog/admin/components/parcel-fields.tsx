import { MEDIDAS_MESSAGES, medidasSchema, type Medidas } from '@nexbyte/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '../../../../components/ui/form-field';
import type { ProductFormInput } from './product-form';

/** Weight and sides as the inputs hold them: text ('' while not entered), numbers once read. */
export interface MedidasForm {
  pesoKg: string | number;
  largoCm: string | number;
  anchoCm: string | number;
  altoCm: string | number;
}

const EMPTY: MedidasForm = { pesoKg: '', largoCm: '', anchoCm: '', altoCm: '' };

/** The stored measures as the form shows them (a decimal comma, as a Chilean types it). */
export function medidasToForm(value: Medidas | null | undefined): MedidasForm {
  if (!value) return EMPTY;
  const text = (n: number) => String(n).replace('.', ',');
  return {
    pesoKg: text(value.pesoKg),
    largoCm: text(value.largoCm),
    anchoCm: text(value.anchoCm),
    altoCm: text(value.altoCm),
  };
}

/**
 * All four empty: nothing sent (the form clears a product's stored measures itself); otherwise the
 * shared schema's rules and messages.
 */
export const medidasFormSchema = z.preprocess((value) => {
  if (typeof value !== 'object' || value === null) return undefined;
  const form = value as Partial<MedidasForm>;
  const blank = Object.values({ ...EMPTY, ...form }).every((v) => String(v ?? '').trim() === '');
  return blank ? undefined : form;
}, medidasSchema.optional());

interface ParcelFieldsProps {
  register: UseFormRegister<ProductFormInput>;
  errors: FieldErrors<ProductFormInput>;
}

const FIELDS = [
  { name: 'medidas.pesoKg', label: 'Peso (kg)', key: 'pesoKg' },
  { name: 'medidas.largoCm', label: 'Largo (cm)', key: 'largoCm' },
  { name: 'medidas.anchoCm', label: 'Ancho (cm)', key: 'anchoCm' },
  { name: 'medidas.altoCm', label: 'Alto (cm)', key: 'altoCm' },
] as const;

/** docs/product.md#parcels: the product in its box, for the carrier's rate at checkout. */
export function ParcelFields({ register, errors }: ParcelFieldsProps) {
  const medidas = errors.medidas as
    (Partial<Record<keyof MedidasForm, { message?: string }>> & { message?: string }) | undefined;
  return (
    <fieldset className="form-grid__wide">
      <legend>Peso y medidas en su caja</legend>
      <p className="form-field__hint" id="medidas-hint">
        Para cotizar el despacho con el transportista. {MEDIDAS_MESSAGES.medidas}
      </p>
      {medidas?.message && (
        <p className="form-field__error" role="alert">
          {medidas.message}
        </p>
      )}
      {FIELDS.map((f) => (
        <FormField key={f.name} label={f.label} optional error={medidas?.[f.key]?.message}>
          <input {...register(f.name)} type="text" inputMode="decimal" autoComplete="off" />
        </FormField>
      ))}
    </fieldset>
  );
}
