import { DocumentTitle } from '../../../components/ui/document-title';

export default function ContactMessagesRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Mensajes de contacto</DocumentTitle>
      <h1>Mensajes de contacto</h1>
    </div>
  );
}
