import { useLocation } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title';
import { RecoverPasswordForm } from '../../features/account/components/recover-password-form';
import { ResetPasswordScreen } from '../../features/account/components/reset-password-screen';

/**
 * /recuperar asks for a link; the link itself is /recuperar#{token}, read here from the fragment
 * and sent in the body of the API call, so the token is never in a URL a server sees.
 */
export default function RecoverPasswordRoute() {
  const token = useLocation().hash.replace(/^#/, '');
  if (token) return <ResetPasswordScreen token={token} />;
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
