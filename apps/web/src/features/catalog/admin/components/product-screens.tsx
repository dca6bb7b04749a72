import { useNavigate, useParams } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { QueryError, QueryLoading, QueryState } from '../../../../components/ui/query-state';
import { useToast } from '../../../../components/ui/toast';
import { useCategories } from '../api/get-categories';
import { useProduct } from '../api/get-product';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import { AdminPageHeader } from '../../../../components/ui/admin-page-header';
import { PhotoEditor } from './photo-editor';
import { ProductForm } from './product-form';
import { idFromParams } from '../../../../lib/route-id';

export const LOAD_FORM_DATA_ERROR = 'No se pudieron cargar los datos necesarios.';

function useBackToTable() {
  const navigate = useNavigate();
  const toast = useToast();
  return (message: string) => {
    toast.show({ type: 'success', message });
    void navigate('/admin/productos');
  };
}

export function NewProductScreen() {
  const categories = useCategories();
  const create = useCreateProduct();
  const backToTable = useBackToTable();
  return (
    <>
      <AdminPageHeader
        title="Nuevo producto"
        back={{ to: '/admin/productos', label: 'Volver a productos' }}
      />
      <QueryState query={categories} errorMessage={LOAD_FORM_DATA_ERROR}>
        {(data) => (
          <ProductForm
            categories={data}
            submitLabel="Crear producto"
            onSave={async (body) => {
              const product = await create.mutateAsync(body);
              backToTable(`Producto creado: ${product.nombre}.`);
            }}
          />
        )}
      </QueryState>
      <p className="muted">Las fotos se agregan una vez creado el producto, desde «Editar».</p>
    </>
  );
}

export function EditProductScreen() {
  const id = idFromParams(useParams().id);
  return (
    <>
      <AdminPageHeader
        title="Editar producto"
        back={{ to: '/admin/productos', label: 'Volver a productos' }}
      />
      {id === null ? <Alert tone="danger">{LOAD_FORM_DATA_ERROR}</Alert> : <EditProduct id={id} />}
    </>
  );
}

function EditProduct({ id }: { id: number }) {
  const product = useProduct(id);
  const categories = useCategories();
  const update = useUpdateProduct(id);
  const backToTable = useBackToTable();

  if (product.isError || categories.isError) {
    return (
      <QueryError
        message={LOAD_FORM_DATA_ERROR}
        onRetry={() => {
          if (product.isError) void product.refetch();
          if (categories.isError) void categories.refetch();
        }}
      />
    );
  }
  if (product.isPending || categories.isPending) return <QueryLoading />;
  return (
    <>
      <p className="muted">
        ID {product.data.id}
        {product.data.activo ? '' : ' · Inactivo: la tienda no lo muestra.'}
      </p>
      <ProductForm
        // A fresh form per product, so its defaults are this product's values.
        key={product.data.id}
        product={product.data}
        categories={categories.data}
        submitLabel="Guardar cambios"
        onSave={async (body) => {
          const saved = await update.mutateAsync(body);
          backToTable(`Producto actualizado: ${saved.nombre}.`);
        }}
      />
      <PhotoEditor
        // Fresh per product; its own state follows each change it saves.
        key={`fotos-${product.data.id}`}
        productId={product.data.id}
        productName={product.data.nombre}
        photos={product.data.imagenes}
      />
    </>
  );
}
