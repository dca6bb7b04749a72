import {
  formatRun,
  TIPOS_DOCUMENTO,
  type EmpresaGuardada,
  type EmpresaInput,
  type TipoDocumento,
} from '@nexbyte/shared';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { get, useFormContext, useWatch } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { RegionComunaFields } from '../../../components/ui/region-comuna-fields';
import type { CheckoutValues } from './checkout-fields';

/** A factura's company as the form holds it before the schema checks it. */
export const EMPTY_EMPRESA: EmpresaInput = {
  rut: '',
  razonSocial: '',
  giro: '',
  direccion: '',
  region: '',
  comuna: '',
};

const LABELS: Record<TipoDocumento, string> = { BOLETA: 'Boleta', FACTURA: 'Factura' };
const HINTS: Record<TipoDocumento, string> = {
  BOLETA: 'Boleta electrónica a tu nombre, para compras personales.',
  FACTURA:
    'Factura electrónica a nombre de una empresa: te pedimos su RUT, razón social, giro y dirección.',
};

/** The choice among the customer's saved companies: one of their ids, or a new company. */
const NEW_COMPANY = 'nueva';

type EmpresaField = keyof EmpresaInput;
const path = (field: EmpresaField) => `documento.empresa.${field}` as const;

function messageOf(error: unknown): string | undefined {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

interface DocumentFieldsProps {
  disabled: boolean;
  /** A logged-in customer's saved companies (null for a guest, or while they load). */
  companies: readonly EmpresaGuardada[] | null;
}

/**
 * 'Documento tributario': a boleta (the default) or a factura made out to a company, whose RUT
 * is shown with dots and hyphen as it is typed. A customer picks one of their saved companies or
 * types a new one (docs/product.md#tax-documents).
 */
export function DocumentFields({ disabled, companies }: DocumentFieldsProps) {
  const { register, setValue, control, formState } = useFormContext<CheckoutValues>();
  const tipo = useWatch({ control, name: 'documento.tipo' });
  const [picked, setPicked] = useState<string>(NEW_COMPANY);
  // A saved company's comuna is set once its región's comunas are offered.
  const comunaDue = useRef<string | null>(null);
  const region = useWatch({ control, name: 'documento.empresa.region' });
  const saved = companies ?? [];
  const errorOf = (field: EmpresaField) => messageOf(get(formState.errors, path(field)));
  // The server's word on the document as a whole (its fields' own are shown beside them).
  const documentError = messageOf(formState.errors.documento);
  const validate = { shouldValidate: formState.isSubmitted, shouldDirty: true };

  const pick = (event: ChangeEvent<HTMLSelectElement>) => {
    const id = event.target.value;
    setPicked(id);
    const company = saved.find((c) => String(c.id) === id);
    const values: EmpresaInput = company
      ? { ...company, rut: formatRun(company.rut) }
      : EMPTY_EMPRESA;
    const sameRegion = values.region === region;
    for (const field of Object.keys(EMPTY_EMPRESA) as EmpresaField[]) {
      if (field !== 'comuna' || sameRegion) setValue(path(field), values[field], validate);
    }
    comunaDue.current = sameRegion ? null : values.comuna;
  };

  // Once the región just picked is rendered with its comunas.
  useEffect(() => {
    if (comunaDue.current === null) return;
    setValue(path('comuna'), comunaDue.current, {
      shouldValidate: formState.isSubmitted,
      shouldDirty: true,
    });
    comunaDue.current = null;
  }, [region, setValue, formState.isSubmitted]);

  const rut = register(path('rut'), {
    // '761234560' reads back as '76.123.456-0' while it is typed.
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const typed = event.target.value;
      if (typed.replace(/[^\dkK]/g, '').length > 1) setValue(path('rut'), formatRun(typed));
    },
  });

  return (
    <fieldset className="checkout-fieldset" disabled={disabled}>
      <legend>Documento tributario</legend>
      <div className="checkout-payments checkout-documents">
        {TIPOS_DOCUMENTO.map((option) => {
          const hintId = `checkout-document-hint-${option.toLowerCase()}`;
          return (
            <div key={option} className="checkout-payment-option">
              <label className="checkout-payment">
                <input
                  type="radio"
                  value={option}
                  aria-describedby={hintId}
                  {...register('documento.tipo')}
                />
                <strong>{LABELS[option]}</strong>
              </label>
              <p id={hintId} className="checkout-payment__hint">
                {HINTS[option]}
              </p>
            </div>
          );
        })}
      </div>
      {documentError && <p className="form-field__error">{documentError}</p>}
      {tipo === 'FACTURA' && (
        <div className="form-grid checkout-company">
          {saved.length > 0 && (
            <FormField
              label="Empresa"
              hint="Tus empresas guardadas en Mi cuenta, o una nueva."
              className="form-field--wide"
            >
              <select value={picked} onChange={pick}>
                <option value={NEW_COMPANY}>Otra empresa</option>
                {saved.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.razonSocial} ({formatRun(c.rut)})
                  </option>
                ))}
              </select>
            </FormField>
          )}
          <FormField label="RUT de la empresa" hint="Ej.: 76.123.456-0" error={errorOf('rut')}>
            <input {...rut} autoComplete="off" autoCapitalize="characters" inputMode="text" />
          </FormField>
          <FormField label="Razón social" error={errorOf('razonSocial')}>
            <input {...register(path('razonSocial'))} autoComplete="organization" />
          </FormField>
          <FormField label="Giro" className="form-field--wide" error={errorOf('giro')}>
            <input {...register(path('giro'))} autoComplete="off" />
          </FormField>
          <FormField
            label="Dirección de la empresa"
            className="form-field--wide"
            error={errorOf('direccion')}
          >
            <input {...register(path('direccion'))} autoComplete="off" />
          </FormField>
          <RegionComunaFields<CheckoutValues>
            regionName="documento.empresa.region"
            comunaName="documento.empresa.comuna"
          />
        </div>
      )}
    </fieldset>
  );
}
