import { DocumentTitle } from '../../../components/ui/document-title';

export default function SupportRequestsRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Solicitudes de soporte</DocumentTitle>
      <h1>Solicitudes de soporte</h1>
    </div>
  );
}
