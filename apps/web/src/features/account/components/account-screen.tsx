import { useEffect } from 'react';
import { Alert } from '../../../components/ui/alert';
import { useAccount } from '../api/get-account';
import { endSessionIfRefused } from '../session-ended';
import { AccountProfileForm } from './account-profile-form';
import { ChangePasswordForm } from './change-password-form';
import '../account.css';

export const LOAD_ACCOUNT_ERROR = 'No se pudieron cargar tus datos.';

/** /cuenta with a session: the customer's data, read from the server, and the password change. */
export function AccountScreen({ userId }: { userId: number }) {
  const account = useAccount(userId);

  useEffect(() => {
    if (account.isError) endSessionIfRefused(account.error);
  }, [account.isError, account.error]);

  if (account.isPending) return <p className="page-loading">Cargando…</p>;
  if (account.isError) {
    return (
      <Alert tone="danger">
        <p>{LOAD_ACCOUNT_ERROR}</p>
        <button type="button" className="button button--small" onClick={() => account.refetch()}>
          Reintentar
        </button>
      </Alert>
    );
  }
  const usuario = account.data;
  return (
    <div className="account-sections">
      <section className="account-card" aria-labelledby="cuenta-datos">
        <h2 id="cuenta-datos">Mis datos</h2>
        <AccountProfileForm usuario={usuario} />
      </section>
      <section className="account-card" aria-labelledby="cuenta-password">
        <h2 id="cuenta-password">Cambiar contraseña</h2>
        <ChangePasswordForm />
      </section>
    </div>
  );
}
