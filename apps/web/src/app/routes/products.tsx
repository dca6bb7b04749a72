import { DocumentTitle } from '../../components/ui/document-title';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { ProductCatalog } from '../../features/catalog/components/product-catalog';

export default function ProductsRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Productos</DocumentTitle>
      <h1>Productos</h1>
      <ProductCatalog
        renderAction={(product) => <AddToCartButton product={product} nameInLabel />}
      />
    </div>
  );
}
