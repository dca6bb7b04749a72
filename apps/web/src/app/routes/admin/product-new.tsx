import { DocumentTitle } from '../../../components/ui/document-title';

export default function NewProductRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Nuevo producto</DocumentTitle>
      <h1>Nuevo producto</h1>
    </div>
  );
}
