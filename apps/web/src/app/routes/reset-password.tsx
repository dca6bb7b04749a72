import { DocumentTitle } from '../../components/ui/document-title';

export default function ResetPasswordRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Nueva contraseña</DocumentTitle>
      <h1>Nueva contraseña</h1>
    </div>
  );
}
