import { useParams } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title';
import { ResetPasswordForm } from '../../features/account/components/reset-password-form';

export default function ResetPasswordRoute() {
  const { token = '' } = useParams();
  return (
    <div className="container page">
      <DocumentTitle>Nueva contraseña</DocumentTitle>
      {/* The address holds the token: no page this one links to should see it. */}
      <meta name="referrer" content="no-referrer" />
      <h1>Nueva contraseña</h1>
      <p className="account-lead">Elige la nueva contraseña de tu cuenta Nexbyte.</p>
      <div className="account-card account-card--narrow">
        <ResetPasswordForm token={token} />
      </div>
    </div>
  );
}
