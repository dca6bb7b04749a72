import { zodResolver } from '@hookform/resolvers/zod';
import {
  codigoTotpSchema,
  TOTP_MESSAGES,
  type CodigoTotpInput,
  type LoginResponse,
  type LoginStepResponse,
} from '@nexbyte/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/error-message';
import { startLoginEnrolment, useConfirmLoginEnrolment, useLoginWithCode } from '../api/login-totp';

const CODE_FAILED = 'No pudimos comprobar el código. Inténtalo de nuevo.';

/** The secret in groups of four, easier to type into an authenticator app. */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** After a right password: the TOTP code, or (ADMIN_MFA=obligatorio) enrolling first. */
export function LoginSecondStep({
  step,
  onSession,
}: {
  step: LoginStepResponse;
  onSession: (session: LoginResponse) => void;
}) {
  return step.siguiente === 'totp' ? (
    <CodeStep desafio={step.desafio} onSession={onSession} />
  ) : (
    <EnrolStep desafio={step.desafio} onSession={onSession} />
  );
}

function CodeStep({
  desafio,
  onSession,
}: {
  desafio: string;
  onSession: (s: LoginResponse) => void;
}) {
  const mutation = useLoginWithCode();
  return (
    <>
      <p>
        Ingresa el código de 6 dígitos de tu app de autenticación, o uno de tus códigos de
        recuperación.
      </p>
      <CodeForm
        pending={mutation.isPending}
        error={mutation.isError ? errorMessage(mutation.error, CODE_FAILED) : null}
        submitLabel="Verificar"
        onCode={(codigo) => mutation.mutate({ desafio, codigo }, { onSuccess: onSession })}
      />
    </>
  );
}

function EnrolStep({
  desafio,
  onSession,
}: {
  desafio: string;
  onSession: (s: LoginResponse) => void;
}) {
  const enrolment = useQuery({
    queryKey: ['login-totp-enrolment', desafio],
    queryFn: () => startLoginEnrolment(desafio),
    staleTime: Infinity,
    retry: false,
  });
  const confirm = useConfirmLoginEnrolment();
  const [done, setDone] = useState<(LoginResponse & { codigosRecuperacion: string[] }) | null>(
    null,
  );

  if (done) {
    return (
      <>
        <RecoveryCodes codes={done.codigosRecuperacion} />
        <button type="button" className="button" onClick={() => onSession(done)}>
          Ya los guardé, continuar
        </button>
      </>
    );
  }
  return (
    <>
      <Alert tone="info">{TOTP_MESSAGES.enrolRequired}</Alert>
      <QueryState query={enrolment} errorMessage={TOTP_MESSAGES.challengeExpired}>
        {({ secreto, uri }) => (
          <>
            <TotpSecret secreto={secreto} uri={uri} />
            <CodeForm
              pending={confirm.isPending}
              error={confirm.isError ? errorMessage(confirm.error, CODE_FAILED) : null}
              submitLabel="Activar y entrar"
              onCode={(codigo) => confirm.mutate({ desafio, codigo }, { onSuccess: setDone })}
            />
          </>
        )}
      </QueryState>
    </>
  );
}

/** The secret for manual entry and the otpauth:// URI as text (no QR library is installed). */
export function TotpSecret({ secreto, uri }: { secreto: string; uri: string }) {
  return (
    <div className="auth-totp">
      <p>En tu app de autenticación agrega una cuenta con esta clave:</p>
      <p>
        <code className="auth-totp__secret">{groupedSecret(secreto)}</code>
      </p>
      <details>
        <summary>Dirección otpauth:// para copiar</summary>
        <code className="auth-totp__uri">{uri}</code>
      </details>
      <p>Luego escribe el código que muestra la app.</p>
    </div>
  );
}

export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="auth-totp" role="status">
      <p>
        Guarda estos códigos de recuperación en un lugar seguro. Cada uno sirve una sola vez si no
        tienes tu teléfono, y no los volveremos a mostrar.
      </p>
      <ul className="auth-totp__codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CodeForm({
  pending,
  error,
  submitLabel,
  onCode,
}: {
  pending: boolean;
  error: string | null;
  submitLabel: string;
  onCode: (codigo: string) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CodigoTotpInput>({
    resolver: zodResolver(codigoTotpSchema),
    defaultValues: { codigo: '' },
  });
  return (
    <>
      {error && <Alert tone="danger">{error}</Alert>}
      <form
        className="auth-form"
        noValidate
        onSubmit={handleSubmit(({ codigo }) => onCode(codigo))}
      >
        <FormField label="Código de verificación" error={errors.codigo?.message}>
          <input {...register('codigo')} autoComplete="one-time-code" spellCheck={false} />
        </FormField>
        <button type="submit" className="button auth-form__submit" disabled={pending}>
          {pending ? 'Verificando…' : submitLabel}
        </button>
      </form>
    </>
  );
}
