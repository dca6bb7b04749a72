import { zodResolver } from '@hookform/resolvers/zod';
import { productoInputSchema, type Categoria, type Producto } from '@nexbyte/shared';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../../components/ui/alert';
import { FormField } from '../../../../components/ui/form-field';
import type { ProductoBody } from '../api/product-cache';
import { useServerForm } from '../../../../lib/use-server-form';
import { actionErrorMessage } from '../../../../lib/error-message';
import { SpecFields } from './spec-fields';
import {
  ComponentFields,
  componenteFormSchema,
  componentToForm,
  type ComponenteForm,
} from './component-fields';
import { medidasFormSchema, medidasToForm, ParcelFields, type MedidasForm } from './parcel-fields';
import { OfferFields, ofertaFormSchema, ofertaToForm, type OfertaForm } from './offer-fields';

/** The shared schema, with the typed specification read from the form's fields first. */
const productFormSchema = productoInputSchema.extend({
  componente: componenteFormSchema,
  medidas: medidasFormSchema,
  oferta: ofertaFormSchema,
});

export type ProductFormInput = Omit<
  z.input<typeof productoInputSchema>,
  'componente' | 'medidas' | 'oferta'
> & {
  oferta?: OfertaForm | null;
  componente?: ComponenteForm | null;
  medidas?: MedidasForm | null;
};

const FIELDS = [
  'nombre',
  'descripcion',
  'precio',
  'stock',
  'categoria',
  'imagen',
  'marca',
  'sku',
  'especificaciones',
  'componente',
  'medidas',
  'oferta',
] as const;

export const SAVE_PRODUCT_ERROR = 'Hubo un error al crear/actualizar el producto.';

interface ProductFormProps {
  /** The product being edited; a new product starts empty. */
  product?: Producto;
  categories: readonly Categoria[];
  submitLabel: string;
  /** Sends the product; a rejection is shown in the form. */
  onSave: (body: ProductoBody) => Promise<unknown>;
}

function defaultsOf(product?: Producto): ProductFormInput | undefined {
  if (!product) return undefined;
  return {
    nombre: product.nombre,
    descripcion: product.descripcion ?? '',
    // While an offer runs `precio` is the offer's: the form edits the normal one.
    precio: product.precioNormal ?? product.precio,
    stock: product.stock,
    categoria: { id: product.categoria.id },
    // With photos, `imagen` is the first one's URL: never written back as the typed picture.
    imagen: product.imagenes.length > 0 ? '' : (product.imagen ?? ''),
    marca: product.marca ?? '',
    sku: product.sku,
    especificaciones: product.especificaciones,
    componente: componentToForm(product.componente),
    medidas: medidasToForm(product.medidas),
    oferta: ofertaToForm(product.oferta),
  };
}

/** docs/product.md#admin-product-form: the shared schema's rules and messages, also on the server. */
export function ProductForm({ product, categories, submitLabel, onSave }: ProductFormProps) {
  const [saveError, setSaveError] = useState<string | null>(null);
  const {
    register,
    control,
    setValue,
    submit: handleSubmit,
    showServerErrors,
    formState: { errors, isSubmitting },
  } = useServerForm<ProductFormInput, ProductoBody>({
    resolver: zodResolver(productFormSchema) as unknown as Resolver<
      ProductFormInput,
      unknown,
      ProductoBody
    >,
    mode: 'onSubmit',
    defaultValues: defaultsOf(product) ?? {
      nombre: '',
      descripcion: '',
      imagen: '',
      marca: '',
      sku: '',
      especificaciones: [],
      componente: { tipo: '' },
      medidas: medidasToForm(null),
      oferta: ofertaToForm(null),
    },
    serverFields: FIELDS,
  });

  const submit = handleSubmit(async (body) => {
    setSaveError(null);
    try {
      // Left without a kind, a part's stored specification goes; a product without one sends none.
      const cleared = {
        ...(product?.componente && !body.componente ? { componente: null } : {}),
        ...(product?.medidas && !body.medidas ? { medidas: null } : {}),
        ...(product?.oferta && !body.oferta ? { oferta: null } : {}),
      };
      await onSave({ ...body, ...cleared });
    } catch (error) {
      console.warn('No se pudo guardar el producto:', error);
      setSaveError(actionErrorMessage(SAVE_PRODUCT_ERROR, error));
      showServerErrors(error);
    }
  });

  return (
    <form
      className="admin-form"
      noValidate
      aria-busy={isSubmitting}
      onSubmit={(event) => {
        if (isSubmitting) event.preventDefault();
        else void submit(event);
      }}
    >
      {saveError && <Alert tone="danger">{saveError}</Alert>}
      <div className="form-grid">
        <FormField label="Nombre" error={errors.nombre?.message} className="form-field--wide">
          <input {...register('nombre')} autoComplete="off" />
        </FormField>
        <FormField
          label="Descripción"
          optional
          error={errors.descripcion?.message}
          className="form-field--wide"
        >
          <textarea {...register('descripcion')} rows={5} />
        </FormField>
        <FormField label="Precio (CLP)" error={errors.precio?.message}>
          <input
            {...register('precio', { valueAsNumber: true })}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
          />
        </FormField>
        <FormField label="Stock" error={errors.stock?.message} hint="Unidades disponibles.">
          <input
            {...register('stock', { valueAsNumber: true })}
            type="number"
            step="1"
            min="0"
            inputMode="numeric"
          />
        </FormField>
        <FormField
          label="Categoría"
          error={errors.categoria?.id?.message ?? errors.categoria?.message}
        >
          <select {...register('categoria.id', { valueAsNumber: true })}>
            <option value="">Selecciona una categoría</option>
            {categories.map((categoria) => (
              <option key={categoria.id} value={categoria.id}>
                {categoria.nombre}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Marca" optional error={errors.marca?.message}>
          <input {...register('marca')} autoComplete="off" />
        </FormField>
        <FormField
          label="SKU"
          optional
          error={errors.sku?.message}
          hint="Letras, números, guiones y puntos; se guarda en mayúsculas."
        >
          <input
            {...register('sku')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="Se genera al guardar si lo dejas vacío (NB-…)"
          />
        </FormField>
        <FormField
          label="URL de la imagen"
          optional
          error={errors.imagen?.message}
          hint="Una dirección http(s) o una ruta que empiece con /. Sin imagen, la tienda muestra una genérica."
        >
          <input {...register('imagen')} type="text" inputMode="url" autoComplete="off" />
        </FormField>
        <SpecFields control={control} register={register} errors={errors} categories={categories} />
        <ParcelFields register={register} errors={errors} />
        <OfferFields register={register} errors={errors} />
        <ComponentFields
          control={control}
          register={register}
          setValue={setValue}
          errors={errors}
        />
      </div>
      <div className="actions admin-form__actions">
        {/* aria-disabled rather than disabled, so keyboard focus stays on the button. */}
        <button type="submit" className="button" aria-disabled={isSubmitting}>
          {isSubmitting ? 'Guardando…' : submitLabel}
        </button>
        <Link to="/admin/productos">Cancelar</Link>
      </div>
    </form>
  );
}
