import { DocumentTitle } from '../../components/ui/document-title';

export default function HelpRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Ayuda</DocumentTitle>
      <h1>Ayuda</h1>
    </div>
  );
}
