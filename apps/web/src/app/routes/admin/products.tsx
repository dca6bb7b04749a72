import { DocumentTitle } from '../../../components/ui/document-title';

export default function AdminProductsRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Productos</DocumentTitle>
      <h1>Productos</h1>
    </div>
  );
}
