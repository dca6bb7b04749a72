import { zodResolver } from '@hookform/resolvers/zod';
import {
  categoriaInputSchema,
  pluralize,
  type CategoriaDetalle,
  type CategoriaInput,
} from '@nexbyte/shared';
import { useId, useState } from 'react';
import { AdminPageHeader } from '../../../../components/ui/admin-page-header';
import { Alert } from '../../../../components/ui/alert';
import { Badge } from '../../../../components/ui/badge';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { FormField } from '../../../../components/ui/form-field';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { QueryState } from '../../../../components/ui/query-state';
import { useToast } from '../../../../components/ui/toast';
import { actionErrorMessage } from '../../../../lib/error-message';
import { useServerForm } from '../../../../lib/use-server-form';
import type { CategoriaBody } from '../api/category-cache';
import { useCreateCategory } from '../api/create-category';
import { useAdminCategories } from '../api/get-admin-categories';
import { useSetCategoryActive } from '../api/set-category-active';
import { useUpdateCategory } from '../api/update-category';
import '../categories.css';

export const LOAD_CATEGORIES_ERROR = 'No se pudieron cargar las categorías.';

/**
 * Categorías (ADMIN or VENDOR): every category with its active products and state; create one,
 * rename it or change its picture, deactivate or activate it. There is no delete: products and
 * past orders keep naming their category, so it is deactivated instead.
 */
export function CategoriesScreen() {
  const categories = useAdminCategories();
  return (
    <>
      <AdminPageHeader title="Categorías" />
      <section className="admin-card" aria-labelledby="nueva-categoria">
        <h2 id="nueva-categoria">Nueva categoría</h2>
        <NewCategoryForm />
      </section>
      <QueryState query={categories} errorMessage={LOAD_CATEGORIES_ERROR}>
        {(list) => <CategoryRows categories={list} />}
      </QueryState>
    </>
  );
}

interface CategoryFormProps {
  initial?: CategoriaDetalle;
  submitLabel: string;
  onSave: (body: CategoriaBody) => Promise<unknown>;
  onCancel?: () => void;
}

function CategoryForm({ initial, submitLabel, onSave, onCancel }: CategoryFormProps) {
  const [saveError, setSaveError] = useState<string | null>(null);
  const {
    register,
    submit,
    reset,
    showServerErrors,
    formState: { errors, isSubmitting },
  } = useServerForm<CategoriaInput, CategoriaBody>({
    resolver: zodResolver(categoriaInputSchema),
    defaultValues: { nombre: initial?.nombre ?? '', imagen: initial?.imagen ?? '' },
  });
  const onSubmit = submit(async (body) => {
    setSaveError(null);
    try {
      await onSave(body);
      if (!initial) reset({ nombre: '', imagen: '' });
    } catch (error) {
      if (!showServerErrors(error))
        setSaveError(actionErrorMessage('Error al guardar la categoría.', error));
    }
  });
  return (
    <form
      className="category-form"
      noValidate
      aria-busy={isSubmitting}
      onSubmit={(event) => {
        if (isSubmitting) event.preventDefault();
        else void onSubmit(event);
      }}
    >
      {saveError && <Alert tone="danger">{saveError}</Alert>}
      <FormField label="Nombre" error={errors.nombre?.message}>
        <input {...register('nombre')} autoComplete="off" />
      </FormField>
      <FormField
        label="Imagen (URL)"
        optional
        error={errors.imagen?.message}
        hint="Una dirección https:// o una ruta de la tienda, como /img/categorias/redes.svg."
      >
        <input {...register('imagen')} type="url" inputMode="url" autoComplete="off" />
      </FormField>
      <div className="category-form__actions">
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

function NewCategoryForm() {
  const toast = useToast();
  const create = useCreateCategory();
  return (
    <CategoryForm
      submitLabel="Crear categoría"
      onSave={async (body) => {
        const created = await create.mutateAsync(body);
        toast.show({
          type: 'success',
          title: 'Categoría creada',
          message: `${created.nombre} ya se muestra en la tienda.`,
        });
      }}
    />
  );
}

function CategoryRows({ categories }: { categories: CategoriaDetalle[] }) {
  const toast = useToast();
  const update = useUpdateCategory();
  const setActive = useSetCategoryActive();
  const [editing, setEditing] = useState<CategoriaDetalle | null>(null);
  const titleId = useId();

  const toggle = (categoria: CategoriaDetalle) => {
    if (setActive.isPending) return;
    const activo = !categoria.activo;
    setActive.mutate(
      { id: categoria.id, activo },
      {
        onSuccess: () =>
          toast.show({
            type: 'success',
            title: activo ? 'Categoría activada' : 'Categoría desactivada',
            message: activo
              ? `${categoria.nombre} vuelve a mostrarse en la tienda.`
              : `${categoria.nombre} ya no se muestra en la tienda.`,
          }),
        onError: (error) =>
          toast.show({
            type: 'error',
            message: actionErrorMessage(
              `Error al ${activo ? 'activar' : 'desactivar'} la categoría ${categoria.nombre}.`,
              error,
            ),
          }),
      },
    );
  };

  if (categories.length === 0)
    return <p className="admin-empty">Aún no hay categorías. Crea la primera arriba.</p>;

  const columns: Column<CategoriaDetalle>[] = [
    { header: 'Nombre', rowHeader: true, cell: (c) => c.nombre },
    {
      header: 'Imagen',
      cell: (c) =>
        c.imagen ? (
          <img className="category-thumb" src={c.imagen} alt="" width={48} height={48} />
        ) : (
          <span className="admin-table__detail">Sin imagen</span>
        ),
    },
    {
      header: 'Productos activos',
      numeric: true,
      cell: (c) => c.productos,
    },
    {
      header: 'Estado',
      cell: (c) => (
        <Badge tone={c.activo ? 'success' : 'neutral'}>{c.activo ? 'Activa' : 'Inactiva'}</Badge>
      ),
    },
    {
      header: 'Acciones',
      className: 'admin-table__actions',
      cell: (c) => (
        <div className="actions">
          <button
            type="button"
            className="button button--small button--ghost"
            aria-label={`Editar ${c.nombre}`}
            onClick={() => setEditing(c)}
          >
            Editar
          </button>
          <button
            type="button"
            className={`button button--small ${c.activo ? 'button--danger' : ''}`}
            aria-label={`${c.activo ? 'Desactivar' : 'Activar'} ${c.nombre}`}
            disabled={setActive.isPending}
            onClick={() => toggle(c)}
          >
            {c.activo ? 'Desactivar' : 'Activar'}
          </button>
        </div>
      ),
    },
  ];

  return (
    <>
      <p className="admin-count">{pluralize(categories.length, 'categoría', 'categorías')}</p>
      <p className="admin-table__detail">
        Una categoría con productos activos no se puede desactivar: primero desactiva sus productos
        o muévelos a otra. Las categorías no se eliminan.
      </p>
      <DataTable
        caption="Categorías"
        columns={columns}
        rows={categories}
        rowKey={(c) => c.id}
        className="admin-table"
      />
      <ModalDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        aria-labelledby={titleId}
        className="category-dialog"
      >
        {editing && (
          <>
            <h2 id={titleId}>Editar {editing.nombre}</h2>
            <CategoryForm
              key={editing.id}
              initial={editing}
              submitLabel="Guardar cambios"
              onCancel={() => setEditing(null)}
              onSave={async (body) => {
                const saved = await update.mutateAsync({ id: editing.id, body });
                toast.show({
                  type: 'success',
                  title: 'Categoría guardada',
                  message: `${saved.nombre} quedó actualizada.`,
                });
                setEditing(null);
              }}
            />
          </>
        )}
      </ModalDialog>
    </>
  );
}
