import { DocumentTitle } from '../../components/ui/document-title';

export default function ContactRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Contacto</DocumentTitle>
      <h1>Contacto</h1>
    </div>
  );
}
