import { formatCLP, LOW_STOCK_MAX, pluralize, type Producto } from '@nexbyte/shared';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../../components/ui/badge';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { FormField } from '../../../../components/ui/form-field';
import { useToast } from '../../../../components/ui/toast';
import { useDebouncedDraft } from '../../../../lib/use-debounced-draft';
import { usePageParam } from '../../../../lib/use-page-param';
import { useSearchParamsUpdate } from '../../../../lib/use-search-params-update';
import { useActivateProduct } from '../api/activate-product';
import { useDeactivateProduct } from '../api/deactivate-product';
import { useProducts } from '../api/get-products';
import { actionErrorMessage } from '../../../../lib/error-message';
import { AdminPageHeader } from '../../../../components/ui/admin-page-header';
import { AdminPagedList } from '../../../../components/ui/paged-list';

export const LOAD_PRODUCTS_ERROR = 'No se pudieron cargar los productos.';

const ESTADOS = {
  todos: 'Todos',
  activos: 'Activos',
  inactivos: 'Inactivos',
} as const;
type Estado = keyof typeof ESTADOS;

const trim = (text: string) => text.trim();

const isEstado = (value: string | null): value is Estado =>
  value !== null && Object.hasOwn(ESTADOS, value);

/**
 * docs/product.md#admin-products: the table, 'Edit', 'Desactivar' with a confirmation, and
 * 'Activar'. The server searches, filters by status and pages; all three live in the address.
 */
export function ProductsTable() {
  const [params, updateParams] = useSearchParamsUpdate();
  const [pagina, setPagina] = usePageParam();
  const q = (params.get('q') ?? '').trim();
  const estadoParam = params.get('estado');
  const estado: Estado = isEstado(estadoParam) ? estadoParam : 'todos';
  const products = useProducts({
    ...(q ? { q } : {}),
    ...(estado === 'todos' ? {} : { estado }),
    pagina,
  });

  // A new search or status starts again at its first page.
  const setFilter = useCallback(
    (name: 'q' | 'estado', value: string, empty: string) => {
      updateParams(
        (next) => {
          if (value === empty) next.delete(name);
          else next.set(name, value);
          next.delete('pagina');
        },
        { replace: true },
      );
    },
    [updateParams],
  );
  const search = useDebouncedDraft(q, (text) => setFilter('q', text, ''), { normalize: trim });

  return (
    <>
      <AdminPageHeader
        title="Productos"
        action={
          <div className="admin-page__actions">
            <Link to="/admin/productos/importar" className="button button--ghost">
              Importar o exportar CSV
            </Link>
            <Link to="/admin/productos/nuevo" className="button">
              Nuevo producto
            </Link>
          </div>
        }
      />
      <div className="admin-toolbar" role="search" aria-label="Filtrar productos">
        <FormField label="Buscar" hint="Por nombre, descripción o categoría.">
          <input
            type="search"
            value={search.draft}
            onChange={(event) => search.setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') search.flush();
            }}
            // Leaving the box (for a row's 'Edit', say) commits at once, so the pending search
            // cannot land later and undo that navigation.
            onBlur={search.flush}
            autoComplete="off"
          />
        </FormField>
        <FormField label="Estado">
          <select
            value={estado}
            onChange={(event) => setFilter('estado', event.target.value, 'todos')}
          >
            {Object.entries(ESTADOS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <AdminPagedList
        query={products}
        errorMessage={LOAD_PRODUCTS_ERROR}
        pagina={pagina}
        onPage={setPagina}
        pagerLabel="Páginas de productos"
      >
        {(page) => (
          <ProductRows
            products={page.items}
            total={page.total}
            filtered={q !== '' || estado !== 'todos'}
          />
        )}
      </AdminPagedList>
    </>
  );
}

interface ProductRowsProps {
  /** The page's products. */
  products: Producto[];
  /** Every product that matches, on all pages. */
  total: number;
  /** A search or a status narrows the list. */
  filtered: boolean;
}

function ProductRows({ products, total, filtered }: ProductRowsProps) {
  const toast = useToast();
  const deactivate = useDeactivateProduct();
  const activate = useActivateProduct();
  const [pendingDeactivation, setPendingDeactivation] = useState<Producto | null>(null);

  const confirmDeactivation = () => {
    const product = pendingDeactivation;
    if (!product) return;
    deactivate.mutate(product.id, {
      onSuccess: () =>
        toast.show({
          type: 'success',
          title: 'Producto desactivado',
          message: `${product.nombre} ya no se muestra en la tienda.`,
        }),
      onError: (error) => {
        console.warn(`No se pudo desactivar el producto ${product.id}:`, error);
        toast.show({
          type: 'error',
          message: actionErrorMessage(`Error al desactivar el producto ID ${product.id}.`, error),
        });
      },
      onSettled: () => setPendingDeactivation(null),
    });
  };

  const reactivate = (product: Producto) => {
    if (activate.isPending) return;
    activate.mutate(product.id, {
      onSuccess: () =>
        toast.show({
          type: 'success',
          title: 'Producto activado',
          message: `${product.nombre} vuelve a mostrarse en la tienda.`,
        }),
      onError: (error) => {
        console.warn(`No se pudo activar el producto ${product.id}:`, error);
        toast.show({
          type: 'error',
          message: actionErrorMessage(`Error al activar el producto ID ${product.id}.`, error),
        });
      },
    });
  };

  if (total === 0) {
    return (
      <p className="admin-empty" role="status">
        {filtered ? 'Ningún producto coincide con la búsqueda.' : 'No hay productos.'}
      </p>
    );
  }

  const columns: Column<Producto>[] = [
    { header: 'ID', numeric: true, cell: (product) => product.id },
    { header: 'Nombre', rowHeader: true, cell: (product) => product.nombre },
    { header: 'Categoría', cell: (product) => product.categoria.nombre },
    {
      header: 'Precio',
      numeric: true,
      className: 'admin-table__nowrap',
      cell: (product) => formatCLP(product.precio),
    },
    { header: 'Stock', numeric: true, cell: (product) => <StockCell stock={product.stock} /> },
    {
      header: 'Estado',
      cell: (product) => (
        <Badge tone={product.activo ? 'success' : 'neutral'}>
          {product.activo ? 'Activo' : 'Inactivo'}
        </Badge>
      ),
    },
    {
      header: 'Acciones',
      className: 'admin-table__actions',
      cell: (product) => (
        <ProductActions
          product={product}
          busy={
            (activate.isPending && activate.variables === product.id) ||
            (deactivate.isPending && deactivate.variables === product.id)
          }
          onToggle={() => (product.activo ? setPendingDeactivation(product) : reactivate(product))}
        />
      ),
    },
  ];

  return (
    <>
      <p className="admin-count" role="status">
        {pluralize(total, 'producto', 'productos')}
      </p>
      <DataTable
        caption="Productos"
        columns={columns}
        rows={products}
        rowKey={(product) => product.id}
        className="admin-table"
      />
      <ConfirmDialog
        open={pendingDeactivation !== null}
        title="Desactivar producto"
        confirmLabel="Desactivar"
        danger
        busy={deactivate.isPending}
        onConfirm={confirmDeactivation}
        onCancel={() => {
          if (!deactivate.isPending) setPendingDeactivation(null);
        }}
      >
        <p>¿Estás seguro de que quieres desactivar el producto ID {pendingDeactivation?.id}?</p>
        <p className="muted">
          {pendingDeactivation?.nombre} dejará de mostrarse en la tienda. Puedes volver a activarlo
          cuando quieras.
        </p>
      </ConfirmDialog>
    </>
  );
}

interface ProductActionsProps {
  product: Producto;
  busy: boolean;
  onToggle: () => void;
}

function ProductActions({ product, busy, onToggle }: ProductActionsProps) {
  const rowLabel = `${product.nombre} (ID ${product.id})`;
  return (
    <div className="actions">
      <Link
        to={`/admin/productos/editar/${product.id}`}
        className="button button--small button--ghost"
        aria-label={`Edit ${rowLabel}`}
      >
        Edit
      </Link>
      {/* One button that changes its action: after 'Desactivar' keyboard focus comes back to it,
          now 'Activar', instead of falling to the page. */}
      <button
        type="button"
        className={product.activo ? 'button button--small button--danger' : 'button button--small'}
        aria-disabled={busy}
        aria-label={`${product.activo ? 'Desactivar' : 'Activar'} ${rowLabel}`}
        onClick={busy ? undefined : onToggle}
      >
        {product.activo ? 'Desactivar' : 'Activar'}
      </button>
    </div>
  );
}

function StockCell({ stock }: { stock: number }) {
  if (stock > LOW_STOCK_MAX) return <>{stock}</>;
  return (
    <span className="admin-table__stock">
      {stock}
      <Badge tone={stock === 0 ? 'danger' : 'warning'}>
        {stock === 0 ? 'Sin stock' : 'Stock bajo'}
      </Badge>
    </span>
  );
}
