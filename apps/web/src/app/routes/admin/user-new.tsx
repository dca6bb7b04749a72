import { DocumentTitle } from '../../../components/ui/document-title';

export default function NewUserRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Nuevo usuario</DocumentTitle>
      <h1>Nuevo usuario</h1>
    </div>
  );
}
