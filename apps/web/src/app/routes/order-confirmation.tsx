import { DocumentTitle } from '../../components/ui/document-title';

export default function OrderConfirmationRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Pedido</DocumentTitle>
      <h1>Pedido</h1>
    </div>
  );
}
