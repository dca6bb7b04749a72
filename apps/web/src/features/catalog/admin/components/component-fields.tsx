import {
  CAMPOS_COMPONENTE,
  componenteParcialSchema,
  TIPO_COMPONENTE_LABEL,
  TIPOS_COMPONENTE,
  type CampoComponente,
  type ComponenteParcial,
  type TipoComponente,
} from '@nexbyte/shared';
import { useId } from 'react';
import {
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '../../../../components/ui/form-field';
import type { ProductFormInput } from './product-form';
import '../component-fields.css';

/**
 * The typed specification as the form holds it: the kind ('' for none), numbers as the inputs
 * give them (NaN when empty), yes/no as 'true'/'false', a list as the ticked boxes.
 */
export interface ComponenteForm {
  tipo?: TipoComponente | '';
  [campo: string]: unknown;
}

/** The stored specification as the form shows it; none gives an empty kind. */
export function componentToForm(value: ComponenteParcial | undefined): ComponenteForm {
  if (!value) return { tipo: '' };
  const form: ComponenteForm = { tipo: value.tipo };
  for (const [campo, v] of Object.entries(value)) {
    if (campo !== 'tipo') form[campo] = typeof v === 'boolean' ? String(v) : v;
  }
  return form;
}

const isBlank = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === '' ||
  (typeof v === 'number' && Number.isNaN(v)) ||
  (Array.isArray(v) && v.length === 0) ||
  v === false;

/**
 * The form's values as the shared schema reads them: only the chosen kind's fields, blanks left
 * out (not known yet), yes/no as booleans. No kind: no specification.
 */
export function componentFromForm(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const form = value as ComponenteForm;
  if (!form.tipo) return undefined;
  const out: Record<string, unknown> = { tipo: form.tipo };
  for (const campo of CAMPOS_COMPONENTE[form.tipo] ?? []) {
    const v = form[campo.campo];
    if (isBlank(v)) continue;
    if (campo.tipo === 'booleano') out[campo.campo] = v === true || v === 'true';
    else if (campo.tipo === 'opciones') out[campo.campo] = Array.isArray(v) ? v : [v];
    else out[campo.campo] = v;
  }
  return out;
}

/** The product's `componente` as the form validates it: the shared schema, after the above. */
export const componenteFormSchema = z.preprocess(
  componentFromForm,
  componenteParcialSchema.optional(),
);

const labelOf = (campo: CampoComponente) =>
  campo.tipo === 'numero' && campo.unidad ? `${campo.etiqueta} (${campo.unidad})` : campo.etiqueta;

interface ComponentFieldsProps {
  control: Control<ProductFormInput>;
  register: UseFormRegister<ProductFormInput>;
  setValue: UseFormSetValue<ProductFormInput>;
  errors: FieldErrors<ProductFormInput>;
}

/**
 * 'Componente de PC': the kind, then that kind's typed values with their units (decision 032),
 * each optional: a part enters 'Arma tu PC' once all are known.
 */
export function ComponentFields({ control, register, setValue, errors }: ComponentFieldsProps) {
  const tipo = useWatch({ control, name: 'componente.tipo' }) as TipoComponente | '' | undefined;
  const hintId = useId();
  const fieldErrors = (errors.componente ?? {}) as Record<string, { message?: string } | undefined>;
  const groupError = (errors.componente as { message?: string } | undefined)?.message;
  const campos = tipo ? CAMPOS_COMPONENTE[tipo] : [];

  return (
    <fieldset className="component-fields form-field--wide" aria-describedby={hintId}>
      <legend className="form-field__label">
        Componente de PC <span className="form-field__optional">(opcional)</span>
      </legend>
      <p id={hintId} className="form-field__hint">
        Los valores tipados que usan Arma tu PC, los filtros y la comparación. Un componente entra
        al armado cuando tiene todos sus valores.
      </p>
      {groupError && <p className="form-field__error">{groupError}</p>}
      <div className="component-fields__grid">
        <FormField label="Tipo de componente" error={fieldErrors.tipo?.message}>
          <select
            {...register('componente.tipo', {
              // Another kind's values do not carry over: each kind has its own fields.
              onChange: (event: { target: { value: string } }) =>
                setValue('componente', { tipo: event.target.value as TipoComponente | '' }),
            })}
          >
            <option value="">No es un componente de PC</option>
            {TIPOS_COMPONENTE.map((t) => (
              <option key={t} value={t}>
                {TIPO_COMPONENTE_LABEL[t]}
              </option>
            ))}
          </select>
        </FormField>
        {campos.map((campo) => (
          <ComponentField
            key={`${tipo}-${campo.campo}`}
            campo={campo}
            register={register}
            error={fieldErrors[campo.campo]?.message}
          />
        ))}
      </div>
    </fieldset>
  );
}

interface ComponentFieldProps {
  campo: CampoComponente;
  register: UseFormRegister<ProductFormInput>;
  error: string | undefined;
}

function ComponentField({ campo, register, error }: ComponentFieldProps) {
  const name = `componente.${campo.campo}` as const;
  const label = labelOf(campo);
  const errorId = useId();
  switch (campo.tipo) {
    case 'numero':
      return (
        <FormField label={label} optional error={error}>
          <input
            {...register(name, { valueAsNumber: true })}
            type="number"
            step="1"
            min="0"
            inputMode="numeric"
          />
        </FormField>
      );
    case 'texto':
      return (
        <FormField label={label} optional error={error}>
          <input {...register(name)} autoComplete="off" />
        </FormField>
      );
    case 'booleano':
      return (
        <FormField label={label} optional error={error}>
          <select {...register(name)}>
            <option value="">Sin indicar</option>
            <option value="true">Sí</option>
            <option value="false">No</option>
          </select>
        </FormField>
      );
    case 'opcion':
      return (
        <FormField label={label} optional error={error}>
          <select {...register(name)}>
            <option value="">Sin indicar</option>
            {campo.opciones.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </FormField>
      );
    case 'opciones':
      return (
        <fieldset
          className="component-fields__options form-field"
          aria-describedby={error ? errorId : undefined}
        >
          <legend className="form-field__label">
            {label} <span className="form-field__optional">(opcional)</span>
          </legend>
          {campo.opciones.map((o) => (
            <label key={o} className="component-fields__option">
              <input
                type="checkbox"
                value={o}
                aria-invalid={error ? true : undefined}
                {...register(name)}
              />{' '}
              {o}
            </label>
          ))}
          {error && (
            <p id={errorId} className="form-field__error">
              {error}
            </p>
          )}
        </fieldset>
      );
  }
}
