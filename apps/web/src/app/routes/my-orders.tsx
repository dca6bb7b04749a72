import { DocumentTitle } from '../../components/ui/document-title';

export default function MyOrdersRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Mis pedidos</DocumentTitle>
      <h1>Mis pedidos</h1>
    </div>
  );
}
