import { formatDateTime, type Sesion } from '@nexbyte/shared';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryState } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/error-message';
import { useEndAllSessions, useEndSession, useSessions } from '../api/sessions';

export const LOAD_SESSIONS_ERROR = 'No se pudieron cargar tus sesiones.';
const END_FAILED = 'No pudimos cerrar la sesión. Inténtalo de nuevo.';
export const END_ALL_FAILED = 'No pudimos cerrar las sesiones. Inténtalo de nuevo.';

interface SessionsSectionProps {
  userId: number;
  /**
   * Every session ended on the server, this one included: the caller leaves the private screen
   * and forgets the session here.
   */
  onAllEnded: () => void;
}

/** /cuenta, 'Sesiones activas': where the account is open, and ending one or all of them. */
export function SessionsSection({ userId, onAllEnded }: SessionsSectionProps) {
  const sessions = useSessions(userId);
  return (
    <QueryState
      query={sessions}
      loading="Cargando tus sesiones…"
      errorMessage={LOAD_SESSIONS_ERROR}
    >
      {(list) => <SessionsList userId={userId} sessions={list} onAllEnded={onAllEnded} />}
    </QueryState>
  );
}

function SessionsList({
  userId,
  sessions,
  onAllEnded,
}: SessionsSectionProps & { sessions: Sesion[] }) {
  const endOne = useEndSession(userId);
  const endAll = useEndAllSessions();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const others = sessions.filter((s) => !s.actual).length;

  return (
    <>
      <p>
        Donde tu cuenta está abierta ahora. Si no reconoces un dispositivo, cierra su sesión y
        cambia tu contraseña.
      </p>
      {endOne.isError && <Alert tone="danger">{errorMessage(endOne.error, END_FAILED)}</Alert>}
      {endAll.isError && <Alert tone="danger">{errorMessage(endAll.error, END_ALL_FAILED)}</Alert>}
      <ul className="account-sessions">
        {sessions.map((s) => (
          <li key={s.id} className="account-sessions__item">
            <div>
              <p className="account-sessions__device">
                {s.dispositivo}
                {s.actual && (
                  <>
                    {' '}
                    <Badge tone="primary">Esta sesión</Badge>
                  </>
                )}
              </p>
              <p className="account-sessions__dates muted">
                Iniciada el {formatDateTime(s.iniciadaEn)} · Último uso el{' '}
                {formatDateTime(s.usadaEn)}
              </p>
            </div>
            {!s.actual && (
              <button
                type="button"
                className="button button--small button--ghost"
                disabled={endOne.isPending && endOne.variables === s.id}
                aria-label={`Cerrar la sesión de ${s.dispositivo}, iniciada el ${formatDateTime(s.iniciadaEn)}`}
                onClick={() =>
                  endOne.mutate(s.id, {
                    onSuccess: () =>
                      toast.show({
                        type: 'success',
                        message: `Sesión de ${s.dispositivo} cerrada.`,
                      }),
                  })
                }
              >
                Cerrar
              </button>
            )}
          </li>
        ))}
      </ul>
      {others === 0 && <p className="muted">No tienes sesiones abiertas en otros dispositivos.</p>}
      <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
        Cerrar sesión en todos los dispositivos
      </button>
      <ConfirmDialog
        open={confirming}
        title="¿Cerrar sesión en todos los dispositivos?"
        confirmLabel="Cerrar todas"
        danger
        busy={endAll.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          endAll.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              onAllEnded();
            },
            onError: () => setConfirming(false),
          })
        }
      >
        <p>Se cerrarán todas tus sesiones, también esta. Tendrás que volver a iniciar sesión.</p>
      </ConfirmDialog>
    </>
  );
}
