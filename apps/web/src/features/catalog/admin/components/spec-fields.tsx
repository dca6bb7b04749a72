import { SPECS_MAX, specSuggestionsFor, type Categoria } from '@nexbyte/shared';
import { useId, useRef } from 'react';
import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { FormField } from '../../../../components/ui/form-field';
import type { ProductFormInput } from './product-form';
import '../spec-fields.css';

interface SpecFieldsProps {
  control: Control<ProductFormInput>;
  register: UseFormRegister<ProductFormInput>;
  errors: FieldErrors<ProductFormInput>;
  categories: readonly Categoria[];
}

/**
 * The product's specification sheet as rows of name and value, added and removed at will. The
 * name offers the chosen category's usual names (SPEC_SUGGESTIONS) through a <datalist>, so
 * products of a kind share names and the shop's filters can group them.
 */
export function SpecFields({ control, register, errors, categories }: SpecFieldsProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'especificaciones' });
  const categoriaId = useWatch({ control, name: 'categoria.id' });
  const categoria = categories.find((c) => String(c.id) === String(categoriaId));
  const suggestions = specSuggestionsFor(categoria?.nombre);
  const listId = useId();
  const errorId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const sheetError = errors.especificaciones?.message ?? errors.especificaciones?.root?.message;

  return (
    <fieldset
      className="spec-fields form-field--wide"
      aria-describedby={sheetError ? errorId : undefined}
    >
      <legend className="form-field__label">
        Especificaciones <span className="form-field__optional">(opcional)</span>
      </legend>
      <datalist id={listId}>
        {suggestions.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {fields.length === 0 && <p className="muted spec-fields__empty">Sin especificaciones.</p>}
      <ol className="spec-fields__rows">
        {fields.map((field, index) => {
          const rowErrors = errors.especificaciones?.[index];
          const n = index + 1;
          return (
            <li key={field.id} className="spec-fields__row">
              <FormField label={`Especificación ${n}`} error={rowErrors?.nombre?.message}>
                <input
                  {...register(`especificaciones.${index}.nombre`)}
                  list={listId}
                  autoComplete="off"
                  placeholder={suggestions[index % suggestions.length]}
                />
              </FormField>
              <FormField
                label={`Valor de la especificación ${n}`}
                error={rowErrors?.valor?.message}
              >
                <input {...register(`especificaciones.${index}.valor`)} autoComplete="off" />
              </FormField>
              <button
                type="button"
                className="button button--ghost spec-fields__remove"
                aria-label={`Quitar especificación ${n}`}
                onClick={() => {
                  remove(index);
                  // The row's button is gone: focus stays in the sheet.
                  addButton.current?.focus();
                }}
              >
                Quitar
              </button>
            </li>
          );
        })}
      </ol>
      {sheetError && (
        <p id={errorId} className="form-field__error">
          {sheetError}
        </p>
      )}
      <button
        ref={addButton}
        type="button"
        className="button button--ghost"
        disabled={fields.length >= SPECS_MAX}
        onClick={() => append({ nombre: '', valor: '' })}
      >
        Agregar especificación
      </button>
    </fieldset>
  );
}
