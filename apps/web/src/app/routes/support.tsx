import { DocumentTitle } from '../../components/ui/document-title';

export default function SupportRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Soporte técnico</DocumentTitle>
      <h1>Soporte técnico</h1>
    </div>
  );
}
