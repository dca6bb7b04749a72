import type { Usuario } from '@nexbyte/shared';
import { useToast } from '../../../../components/ui/toast';
import { actionErrorMessage } from '../../../../lib/error-message';
import { useEndSessions } from '../api/end-sessions';

/** Ends every open session of the user, for a lost device or a password that may have leaked. */
export function EndSessions({ user }: { user: Usuario }) {
  const toast = useToast();
  const end = useEndSessions();
  const onClick = () =>
    end.mutate(user.id, {
      onSuccess: () =>
        toast.show({
          type: 'success',
          title: 'Sesiones cerradas',
          message: `${user.nombre} ${user.apellidos} deberá iniciar sesión de nuevo.`,
        }),
      onError: (error) => {
        console.warn(`No se pudieron cerrar las sesiones del usuario ${user.id}:`, error);
        toast.show({
          type: 'error',
          message: actionErrorMessage(
            `Error al cerrar las sesiones del usuario ID ${user.id}.`,
            error,
          ),
        });
      },
    });
  return (
    <section className="admin-form" aria-labelledby="sesiones-titulo">
      <h2 id="sesiones-titulo">Sesiones</h2>
      <p className="muted">
        Cierra todas las sesiones abiertas de este usuario, en cualquier dispositivo.
      </p>
      <button
        type="button"
        className="button button--small button--ghost"
        onClick={onClick}
        disabled={end.isPending}
      >
        Cerrar sesiones
      </button>
    </section>
  );
}
