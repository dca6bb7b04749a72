import { formatCLP, LOW_STOCK_MAX, pluralize, type Producto } from '@nexbyte/shared';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { useToast } from '../../../components/ui/toast';
import { useActivateProduct } from '../api/activate-product';
import { useDeactivateProduct } from '../api/deactivate-product';
import { useProducts } from '../api/get-products';
import { actionErrorMessage } from '../server-errors';
import { AdminQueryState } from './load-state';
import { AdminPageHeader } from './page-header';

export const LOAD_PRODUCTS_ERROR = 'No se pudieron cargar los productos.';

const ESTADOS = {
  todos: 'Todos',
  activos: 'Activos',
  inactivos: 'Inactivos',
} as const;
type Estado = keyof typeof ESTADOS;

const isEstado = (value: string | null): value is Estado =>
  value !== null && Object.hasOwn(ESTADOS, value);

/** Lower case without accents, so 'periferico' finds 'Periféricos'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The whole catalogue is small enough to filter in the browser: by id, name or category, and status. */
function filterProducts(products: readonly Producto[], q: string, estado: Estado): Producto[] {
  const needle = fold(q.trim());
  return products.filter((p) => {
    if (estado === 'activos' && !p.activo) return false;
    if (estado === 'inactivos' && p.activo) return false;
    if (!needle) return true;
    return (
      String(p.id) === needle ||
      fold(p.nombre).includes(needle) ||
      fold(p.categoria.nombre).includes(needle)
    );
  });
}

/** SPEC.md point 2, admin products: the table, 'Edit', 'Desactivar' with a confirmation, and 'Activar'. */
export function ProductsTable() {
  const products = useProducts();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const estadoParam = params.get('estado');
  const estado: Estado = isEstado(estadoParam) ? estadoParam : 'todos';

  const setFilter = (name: 'q' | 'estado', value: string, empty: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === empty) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <>
      <AdminPageHeader
        title="Productos"
        action={
          <Link to="/admin/productos/nuevo" className="button">
            Nuevo producto
          </Link>
        }
      />
      <div className="admin-toolbar" role="search" aria-label="Filtrar productos">
        <FormField label="Buscar" hint="Por nombre, categoría o ID.">
          <input
            type="search"
            value={q}
            onChange={(event) => setFilter('q', event.target.value, '')}
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
      <AdminQueryState query={products} errorMessage={LOAD_PRODUCTS_ERROR}>
        {(data) => <ProductRows products={filterProducts(data, q, estado)} total={data.length} />}
      </AdminQueryState>
    </>
  );
}

function ProductRows({ products, total }: { products: Producto[]; total: number }) {
  const toast = useToast();
  const deactivate = useDeactivateProduct();
  const activate = useActivateProduct();
  const captionId = useId();
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

  if (total === 0) return <p className="admin-empty">No hay productos.</p>;

  return (
    <>
      <p className="admin-count" role="status">
        {products.length === total
          ? pluralize(total, 'producto', 'productos')
          : `${products.length} de ${pluralize(total, 'producto', 'productos')}`}
      </p>
      {products.length === 0 ? (
        <p className="admin-empty">Ningún producto coincide con la búsqueda.</p>
      ) : (
        <div className="table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="table admin-table">
            <caption id={captionId} className="visually-hidden">
              Productos
            </caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  ID
                </th>
                <th scope="col">Nombre</th>
                <th scope="col">Categoría</th>
                <th scope="col" className="num">
                  Precio
                </th>
                <th scope="col" className="num">
                  Stock
                </th>
                <th scope="col">Estado</th>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => {
                const busy =
                  (activate.isPending && activate.variables === product.id) ||
                  (deactivate.isPending && deactivate.variables === product.id);
                const rowLabel = `${product.nombre} (ID ${product.id})`;
                return (
                  <tr key={product.id}>
                    <td className="num">{product.id}</td>
                    <th scope="row">{product.nombre}</th>
                    <td>{product.categoria.nombre}</td>
                    <td className="num admin-table__nowrap">{formatCLP(product.precio)}</td>
                    <td className="num">
                      <StockCell stock={product.stock} />
                    </td>
                    <td>
                      <Badge tone={product.activo ? 'success' : 'neutral'}>
                        {product.activo ? 'Activo' : 'Inactivo'}
                      </Badge>
                    </td>
                    <td className="admin-table__actions">
                      <div className="actions">
                        <Link
                          to={`/admin/productos/editar/${product.id}`}
                          className="button button--small button--ghost"
                          aria-label={`Edit ${rowLabel}`}
                        >
                          Edit
                        </Link>
                        {/* One button that changes its action: after 'Desactivar' keyboard focus
                            comes back to it, now 'Activar', instead of falling to the page. */}
                        <button
                          type="button"
                          className={
                            product.activo
                              ? 'button button--small button--danger'
                              : 'button button--small'
                          }
                          aria-disabled={busy}
                          aria-label={`${product.activo ? 'Desactivar' : 'Activar'} ${rowLabel}`}
                          onClick={() =>
                            busy
                              ? undefined
                              : product.activo
                                ? setPendingDeactivation(product)
                                : reactivate(product)
                          }
                        >
                          {product.activo ? 'Desactivar' : 'Activar'}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
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
