import { DocumentTitle } from '../../components/ui/document-title';

export default function RecoverPasswordRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Recuperar contraseña</DocumentTitle>
      <h1>Recuperar contraseña</h1>
    </div>
  );
}
