import { REGION_NAMES, comunasOf } from '@nexbyte/shared';
import { get, useFormContext, useWatch, type FieldValues, type Path } from 'react-hook-form';
import { FormField } from './form-field';

interface RegionComunaFieldsProps<T extends FieldValues> {
  regionName: Path<T>;
  comunaName: Path<T>;
  /** Disables both selects (while the form is being sent). */
  disabled?: boolean;
}

function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { message } = error as { message?: unknown };
  return typeof message === 'string' ? message : undefined;
}

/**
 * Chile's 16 regions and their comunas (from packages/shared) for a react-hook-form form
 * (inside a FormProvider), at the top level or nested ('documento.empresa.region'). Comuna
 * stays disabled until a region is chosen, and its options and value reset whenever the region
 * changes.
 */
export function RegionComunaFields<T extends FieldValues>({
  regionName,
  comunaName,
  disabled = false,
}: RegionComunaFieldsProps<T>) {
  const { register, setValue, formState, control } = useFormContext<T>();
  const region = (useWatch({ control, name: regionName }) as string | undefined) ?? '';
  const comunas = region ? comunasOf(region) : [];
  const regionField = register(regionName, {
    onChange: () => {
      // A comuna of the previous region is never sent with the new one.
      setValue(comunaName, '' as never, { shouldValidate: formState.isSubmitted });
    },
  });

  return (
    <>
      <FormField label="Región" error={messageOf(get(formState.errors, regionName))}>
        <select {...regionField} disabled={disabled} autoComplete="address-level1">
          <option value="">Selecciona una región</option>
          {REGION_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Comuna" error={messageOf(get(formState.errors, comunaName))}>
        <select
          {...register(comunaName)}
          disabled={disabled || comunas.length === 0}
          autoComplete="address-level2"
        >
          <option value="">{region ? 'Selecciona una comuna' : 'Primero elige una región'}</option>
          {comunas.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </FormField>
    </>
  );
}
