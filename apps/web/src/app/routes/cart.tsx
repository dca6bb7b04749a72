import { DocumentTitle } from '../../components/ui/document-title';

export default function CartRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Carrito</DocumentTitle>
      <h1>Carrito</h1>
    </div>
  );
}
