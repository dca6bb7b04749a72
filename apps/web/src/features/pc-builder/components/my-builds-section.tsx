import { formatCLP, formatDate, type Armado } from '@nexbyte/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryState } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { clearSession } from '../../../lib/session';
import { useDeleteBuild, useMyBuilds } from '../api/my-builds';
import { sharedBuildPath } from '../build-params';
import '../pc-builder.css';

const DELETE_FAILED = 'No pudimos eliminar el armado. Inténtalo de nuevo.';

const nameOf = (armado: Armado) => armado.titulo ?? `Armado del ${formatDate(armado.createdAt)}`;

/** /cuenta, 'Mis armados': the builds the customer saved while logged in. */
export function MyBuildsSection({ userId }: { userId: number }) {
  const builds = useMyBuilds(userId);
  const remove = useDeleteBuild(userId);
  const toast = useToast();
  const [deleting, setDeleting] = useState<Armado | null>(null);

  const confirmDelete = () => {
    const armado = deleting!;
    remove.mutate(armado.codigo, {
      onSuccess: () => {
        setDeleting(null);
        toast.show({ type: 'success', message: `${nameOf(armado)} eliminado.` });
      },
      onError: (error) => {
        setDeleting(null);
        // The server no longer takes the session: the account screen leads to the login.
        if (error instanceof ApiError && error.status === 401) return clearSession();
        toast.show({ type: 'error', message: errorMessage(error, DELETE_FAILED) });
      },
    });
  };

  return (
    <QueryState
      query={builds}
      loading="Cargando tus armados…"
      errorMessage="No se pudieron cargar tus armados."
    >
      {(list) =>
        list.length === 0 ? (
          <p className="muted">
            Aún no guardas armados. <Link to="/arma-tu-pc">Arma tu PC</Link> y usa «Guardar y
            compartir».
          </p>
        ) : (
          <>
            <ul className="my-builds">
              {list.map((armado) => (
                <li key={armado.codigo} className="my-builds__item">
                  <div>
                    <Link to={sharedBuildPath(armado.codigo)}>{nameOf(armado)}</Link>
                    <span className="muted">
                      {armado.piezas.length} {armado.piezas.length === 1 ? 'pieza' : 'piezas'} ·{' '}
                      {formatCLP(armado.total)}
                    </span>
                  </div>
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    onClick={() => setDeleting(armado)}
                  >
                    Eliminar <span className="visually-hidden">{nameOf(armado)}</span>
                  </button>
                </li>
              ))}
            </ul>
            <ConfirmDialog
              open={deleting !== null}
              title="¿Eliminar este armado?"
              confirmLabel="Eliminar"
              danger
              busy={remove.isPending}
              onConfirm={confirmDelete}
              onCancel={() => setDeleting(null)}
            >
              ¿Eliminar {deleting ? nameOf(deleting) : 'el armado'}? Su enlace dejará de funcionar.
            </ConfirmDialog>
          </>
        )
      }
    </QueryState>
  );
}
