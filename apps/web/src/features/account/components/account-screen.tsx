import { useEffect } from 'react';
import { isStaffRole } from '@nexbyte/shared';
import { QueryState } from '../../../components/ui/query-state';
import { useAccount } from '../api/get-account';
import { endSessionIfRefused } from '../session-ended';
import { AccountProfileForm } from './account-profile-form';
import { ChangePasswordForm } from './change-password-form';
import { CompaniesSection } from './companies-section';
import { TotpSection } from './totp-section';
import '../account.css';

export const LOAD_ACCOUNT_ERROR = 'No se pudieron cargar tus datos.';

/** /cuenta with a session: the customer's data, read from the server, and the password change. */
export function AccountScreen({ userId }: { userId: number }) {
  const account = useAccount(userId);

  useEffect(() => {
    if (account.isError) endSessionIfRefused(account.error);
  }, [account.isError, account.error]);

  return (
    <QueryState query={account} errorMessage={LOAD_ACCOUNT_ERROR}>
      {(usuario) => (
        <div className="account-sections">
          <section className="account-card" aria-labelledby="cuenta-datos">
            <h2 id="cuenta-datos">Mis datos</h2>
            <AccountProfileForm usuario={usuario} />
          </section>
          <section className="account-card" aria-labelledby="cuenta-empresas">
            <h2 id="cuenta-empresas">Mis empresas</h2>
            <CompaniesSection userId={userId} />
          </section>
          <section className="account-card" aria-labelledby="cuenta-password">
            <h2 id="cuenta-password">Cambiar contraseña</h2>
            <ChangePasswordForm />
          </section>
          {isStaffRole(usuario.role) && (
            <section className="account-card" aria-labelledby="cuenta-totp">
              <h2 id="cuenta-totp">Verificación en dos pasos</h2>
              <TotpSection userId={userId} />
            </section>
          )}
        </div>
      )}
    </QueryState>
  );
}
