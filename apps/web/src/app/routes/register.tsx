import { DocumentTitle } from '../../components/ui/document-title';

export default function RegisterRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Registro</DocumentTitle>
      <h1>Registro</h1>
    </div>
  );
}
