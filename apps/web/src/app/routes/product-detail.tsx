import { useParams } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title';

export default function ProductDetailRoute() {
  const { id } = useParams();
  return (
    <div className="container page">
      <DocumentTitle>Detalle del producto</DocumentTitle>
      <h1>Detalle del producto</h1>
      <p>Producto {id}</p>
    </div>
  );
}
