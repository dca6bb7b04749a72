import { DocumentTitle } from '../../components/ui/document-title';
import { RecoverPasswordForm } from '../../features/account/components/recover-password-form';

export default function RecoverPasswordRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Recuperar contraseña</DocumentTitle>
      <h1>Recuperar contraseña</h1>
      <p className="account-lead">
        Escribe el correo de tu cuenta y te enviaremos un enlace para crear una nueva contraseña.
      </p>
      <div className="account-card account-card--narrow">
        <RecoverPasswordForm />
      </div>
    </div>
  );
}
