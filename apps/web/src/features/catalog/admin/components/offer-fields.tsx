import { isoToChileLocal, ofertaInputSchema, type Oferta } from '@nexbyte/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '../../../../components/ui/form-field';
import type { ProductFormInput } from './product-form';

/** An offer as the inputs hold it: the price as typed, dates as Chile's clocks show them. */
export interface OfertaForm {
  precio: string | number;
  desde: string;
  hasta: string;
}

const EMPTY: OfertaForm = { precio: '', desde: '', hasta: '' };

/** The stored offer as the form shows it (its instants in Chile's time). */
export function ofertaToForm(value: Oferta | null | undefined): OfertaForm {
  if (!value) return EMPTY;
  return {
    precio: value.precio,
    desde: isoToChileLocal(value.desde),
    hasta: isoToChileLocal(value.hasta),
  };
}

/**
 * All three empty: no offer (the form removes a stored one itself); otherwise the shared schema's
 * rules and messages.
 */
export const ofertaFormSchema = z.preprocess((value) => {
  if (typeof value !== 'object' || value === null) return undefined;
  const form = { ...EMPTY, ...(value as Partial<OfertaForm>) };
  const blank = Object.values(form).every((v) => Number.isNaN(v) || String(v ?? '').trim() === '');
  return blank ? undefined : form;
}, ofertaInputSchema.optional());

interface OfferFieldsProps {
  register: UseFormRegister<ProductFormInput>;
  errors: FieldErrors<ProductFormInput>;
}

/** docs/product.md#offers: a sale price from one moment to another, in Chile's time. */
export function OfferFields({ register, errors }: OfferFieldsProps) {
  const oferta = errors.oferta as
    (Partial<Record<keyof OfertaForm, { message?: string }>> & { message?: string }) | undefined;
  return (
    <fieldset className="form-grid__wide">
      <legend>Oferta</legend>
      <p className="form-field__hint">
        Un precio más bajo entre dos fechas, en hora de Chile. Déjalo vacío si no hay oferta.
      </p>
      {oferta?.message && (
        <p className="form-field__error" role="alert">
          {oferta.message}
        </p>
      )}
      <FormField label="Precio de oferta (CLP)" optional error={oferta?.precio?.message}>
        <input
          {...register('oferta.precio', { valueAsNumber: true })}
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
        />
      </FormField>
      <FormField label="Desde" optional error={oferta?.desde?.message}>
        <input {...register('oferta.desde')} type="datetime-local" />
      </FormField>
      <FormField label="Hasta" optional error={oferta?.hasta?.message}>
        <input {...register('oferta.hasta')} type="datetime-local" />
      </FormField>
    </fieldset>
  );
}
