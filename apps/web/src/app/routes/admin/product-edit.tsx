import { useParams } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title';

export default function EditProductRoute() {
  const { id } = useParams();
  return (
    <div className="container page">
      <DocumentTitle>Editar producto</DocumentTitle>
      <h1>Editar producto</h1>
      <p>Producto {id}</p>
    </div>
  );
}
