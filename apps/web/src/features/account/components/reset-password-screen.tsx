import { DocumentTitle } from '../../../components/ui/document-title';
import { ResetPasswordForm } from './reset-password-form';

/** The page behind the e-mailed link: the new password for the account of `token`. */
export function ResetPasswordScreen({ token }: { token: string }) {
  return (
    <div className="container page">
      <DocumentTitle>Nueva contraseña</DocumentTitle>
      {/* The address holds the token (in the fragment): no page this one links to should see it. */}
      <meta name="referrer" content="no-referrer" />
      <h1>Nueva contraseña</h1>
      <p className="account-lead">Elige la nueva contraseña de tu cuenta Nexbyte.</p>
      <div className="account-card account-card--narrow">
        <ResetPasswordForm token={token} />
      </div>
    </div>
  );
}
