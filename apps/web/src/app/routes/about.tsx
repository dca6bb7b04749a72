import { DocumentTitle } from '../../components/ui/document-title';

export default function AboutRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Nosotros</DocumentTitle>
      <h1>Nosotros</h1>
    </div>
  );
}
