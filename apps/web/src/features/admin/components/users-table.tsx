import type { Usuario } from '@nexbyte/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { useSession } from '../../../lib/use-session';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { actionErrorMessage } from '../server-errors';
import { RoleBadge } from './badges';
import { AdminQueryState } from './load-state';
import { AdminPageHeader } from './page-header';

export const LOAD_USERS_ERROR = 'No se pudieron cargar los usuarios.';

/** SPEC.md point 2, admin users: the table, 'Edit', and 'Eliminar' after a confirmation. */
export function UsersTable() {
  const users = useUsers();
  return (
    <>
      <AdminPageHeader
        title="Usuarios"
        action={
          <Link to="/admin/usuarios/nuevo" className="button">
            Nuevo usuario
          </Link>
        }
      />
      <AdminQueryState query={users} errorMessage={LOAD_USERS_ERROR}>
        {(data) => <UserRows users={data} />}
      </AdminQueryState>
    </>
  );
}

function UserRows({ users }: { users: Usuario[] }) {
  const toast = useToast();
  const remove = useDeleteUser();
  const ownId = useSession()?.user.id;
  const captionId = useId();
  const countRef = useRef<HTMLParagraphElement>(null);
  const [pendingDeletion, setPendingDeletion] = useState<Usuario | null>(null);
  // The deleted row took the focused button with it: once the dialog has closed, focus goes to
  // the table's summary instead of falling to the page.
  const focusSummaryNext = useRef(false);
  useEffect(() => {
    if (!focusSummaryNext.current) return;
    focusSummaryNext.current = false;
    countRef.current?.focus();
  });

  const confirmDeletion = () => {
    const user = pendingDeletion;
    if (!user) return;
    remove.mutate(user.id, {
      onSuccess: () => {
        toast.show({
          type: 'success',
          title: 'Usuario eliminado',
          message: `${user.nombre} ${user.apellidos} (${user.correo}) ya no tiene cuenta.`,
        });
        focusSummaryNext.current = true;
      },
      onError: (error) => {
        console.warn(`No se pudo eliminar el usuario ${user.id}:`, error);
        toast.show({
          type: 'error',
          message: actionErrorMessage(`Error al eliminar el usuario ID ${user.id}.`, error),
        });
      },
      onSettled: () => setPendingDeletion(null),
    });
  };

  if (users.length === 0) return <p className="admin-empty">No hay usuarios.</p>;

  return (
    <>
      <p className="admin-count" ref={countRef} tabIndex={-1}>
        {users.length === 1 ? '1 usuario' : `${users.length} usuarios`}
      </p>
      <div className="table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="table admin-table">
          <caption id={captionId} className="visually-hidden">
            Usuarios
          </caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                ID
              </th>
              <th scope="col">Nombre</th>
              <th scope="col">Correo</th>
              <th scope="col">Rol</th>
              <th scope="col">Acciones</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => {
              const fullName = `${user.nombre} ${user.apellidos}`;
              const rowLabel = `${fullName} (ID ${user.id})`;
              const isOwn = user.id === ownId;
              return (
                <tr key={user.id}>
                  <td className="num">{user.id}</td>
                  <th scope="row">
                    {fullName}
                    {isOwn && <span className="admin-table__detail">Tu cuenta</span>}
                  </th>
                  <td>{user.correo}</td>
                  <td>
                    <RoleBadge role={user.role} />
                  </td>
                  <td className="admin-table__actions">
                    <div className="actions">
                      <Link
                        to={`/admin/usuarios/editar/${user.id}`}
                        className="button button--small button--ghost"
                        aria-label={`Edit ${rowLabel}`}
                      >
                        Edit
                      </Link>
                      {/* The server refuses to delete one's own account (409); so does the screen. */}
                      {!isOwn && (
                        <button
                          type="button"
                          className="button button--small button--danger"
                          onClick={() => setPendingDeletion(user)}
                          aria-label={`Eliminar ${rowLabel}`}
                        >
                          Eliminar
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={pendingDeletion !== null}
        title="Eliminar usuario"
        confirmLabel="Eliminar"
        danger
        busy={remove.isPending}
        onConfirm={confirmDeletion}
        onCancel={() => {
          if (!remove.isPending) setPendingDeletion(null);
        }}
      >
        <p>¿Eliminar al usuario ID {pendingDeletion?.id}? Esta acción no se puede deshacer.</p>
        <p className="muted">
          {pendingDeletion?.nombre} {pendingDeletion?.apellidos} ({pendingDeletion?.correo})
        </p>
      </ConfirmDialog>
    </>
  );
}
