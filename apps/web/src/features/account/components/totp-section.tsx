import { zodResolver } from '@hookform/resolvers/zod';
import { TOTP_MESSAGES, totpCambioSchema, type TotpCambioInput } from '@nexbyte/shared';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { QueryState } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useServerForm } from '../../../lib/use-server-form';
import { useConfirmTotp, useDisableTotp, useStartTotp, useTotpStatus } from '../api/totp';
import { endSessionIfRefused } from '../session-ended';

const LOAD_FAILED = 'No se pudo cargar el estado de la verificación en dos pasos.';
const ACTION_FAILED = 'No pudimos completar la acción. Inténtalo de nuevo.';

/** /cuenta, for an ADMIN: turn the authenticator app's codes on (with recovery codes) or off. */
export function TotpSection({ userId }: { userId: number }) {
  const status = useTotpStatus(userId);
  // Kept here: confirming turns the status to 'on', and the codes must stay on screen.
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodes codes={codes} />;
  return (
    <QueryState query={status} errorMessage={LOAD_FAILED}>
      {({ activo }) =>
        activo ? <Disable userId={userId} /> : <Enable userId={userId} onCodes={setCodes} />
      }
    </QueryState>
  );
}

function Enable({ userId, onCodes }: { userId: number; onCodes: (codes: string[]) => void }) {
  const start = useStartTotp();
  const confirm = useConfirmTotp(userId);
  const toast = useToast();

  if (!start.data) {
    return (
      <>
        <p>Protege tu cuenta con un código de una app de autenticación además de tu contraseña.</p>
        {start.isError && <Alert tone="danger">{errorMessage(start.error, ACTION_FAILED)}</Alert>}
        <button
          type="button"
          className="button"
          disabled={start.isPending}
          onClick={() => start.mutate()}
        >
          Activar verificación en dos pasos
        </button>
      </>
    );
  }
  const { secreto, uri } = start.data;
  return (
    <>
      <p>En tu app de autenticación agrega una cuenta con esta clave:</p>
      <p>
        <code className="account-totp__secret">{secreto.match(/.{1,4}/g)?.join(' ')}</code>
      </p>
      <details>
        <summary>Dirección otpauth:// para copiar</summary>
        <code className="account-totp__uri">{uri}</code>
      </details>
      <CodeForm
        submitLabel="Confirmar y activar"
        pending={confirm.isPending}
        onSubmit={(values, onError) =>
          confirm.mutate(values, {
            onSuccess: ({ codigosRecuperacion }) => {
              onCodes(codigosRecuperacion);
              toast.show({ type: 'success', message: TOTP_MESSAGES.enabled });
            },
            onError,
          })
        }
      />
    </>
  );
}

function Disable({ userId }: { userId: number }) {
  const disable = useDisableTotp(userId);
  const toast = useToast();
  return (
    <>
      <p>
        La verificación en dos pasos está activada. Para desactivarla escribe tu contraseña y un
        código de tu app o uno de recuperación.
      </p>
      <CodeForm
        submitLabel="Desactivar"
        pending={disable.isPending}
        onSubmit={(values, onError) =>
          disable.mutate(values, {
            onSuccess: () => toast.show({ type: 'success', message: TOTP_MESSAGES.disabled }),
            onError,
          })
        }
      />
    </>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div role="status">
      <p>
        {TOTP_MESSAGES.enabled} Guarda estos códigos de recuperación en un lugar seguro: cada uno
        sirve una sola vez si no tienes tu teléfono, y no los volveremos a mostrar.
      </p>
      <ul className="account-totp__codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

const EMPTY: TotpCambioInput = { actual: '', codigo: '' };

/**
 * The account's password and a code: turning the verification on or off takes both, so an open
 * session alone cannot change how the account logs in. A wrong password or code shows beside its
 * field; anything else above the form.
 */
function CodeForm({
  submitLabel,
  pending,
  onSubmit,
}: {
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: TotpCambioInput, onError: (error: unknown) => void) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useServerForm({ resolver: zodResolver(totpCambioSchema), defaultValues: EMPTY });
  const {
    register,
    formState: { errors },
  } = form;
  const onError = (error: unknown) => {
    if (endSessionIfRefused(error)) return;
    const onFields = form.showServerErrors(error);
    setFailure(onFields && error instanceof ApiError ? null : errorMessage(error, ACTION_FAILED));
  };
  return (
    <>
      {failure && <Alert tone="danger">{failure}</Alert>}
      <form
        className="account-form"
        noValidate
        onSubmit={form.submit((values) => {
          setFailure(null);
          onSubmit(values, onError);
        })}
      >
        <FormField label="Contraseña actual" error={errors.actual?.message}>
          <PasswordInput {...register('actual')} autoComplete="current-password" />
        </FormField>
        <FormField label="Código de verificación" error={errors.codigo?.message}>
          <input {...register('codigo')} autoComplete="one-time-code" spellCheck={false} />
        </FormField>
        <button type="submit" className="button account-form__submit" disabled={pending}>
          {submitLabel}
        </button>
      </form>
    </>
  );
}
