import { DocumentTitle } from '../../components/ui/document-title';

export default function CheckoutRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Finalizar compra</DocumentTitle>
      <h1>Finalizar compra</h1>
    </div>
  );
}
