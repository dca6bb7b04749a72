import { pluralize, type Usuario } from '@nexbyte/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { useToast } from '../../../../components/ui/toast';
import { usePageParam } from '../../../../lib/use-page-param';
import { useSession } from '../../../../lib/use-session';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { actionErrorMessage } from '../../../../lib/error-message';
import { RoleBadge } from './role-badge';
import { AdminPageHeader } from '../../../../components/ui/admin-page-header';
import { AdminPagedList } from '../../../../components/ui/paged-list';

export const LOAD_USERS_ERROR = 'No se pudieron cargar los usuarios.';

/** docs/product.md#admin-users: the table, 'Edit', and 'Eliminar' after a confirmation. */
export function UsersTable() {
  const [pagina, setPagina] = usePageParam();
  const users = useUsers(pagina);
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
      <AdminPagedList
        query={users}
        errorMessage={LOAD_USERS_ERROR}
        pagina={pagina}
        onPage={setPagina}
        pagerLabel="Páginas de usuarios"
      >
        {(page) => <UserRows users={page.items} total={page.total} />}
      </AdminPagedList>
    </>
  );
}

function UserRows({ users, total }: { users: Usuario[]; total: number }) {
  const toast = useToast();
  const remove = useDeleteUser();
  const ownId = useSession()?.user.id;
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

  if (total === 0) return <p className="admin-empty">No hay usuarios.</p>;

  const columns: Column<Usuario>[] = [
    { header: 'ID', numeric: true, cell: (user) => user.id },
    {
      header: 'Nombre',
      rowHeader: true,
      cell: (user) => (
        <>
          {`${user.nombre} ${user.apellidos}`}
          {user.id === ownId && <span className="admin-table__detail">Tu cuenta</span>}
        </>
      ),
    },
    { header: 'Correo', cell: (user) => user.correo },
    { header: 'Rol', cell: (user) => <RoleBadge role={user.role} /> },
    {
      header: 'Acciones',
      className: 'admin-table__actions',
      cell: (user) => {
        const rowLabel = `${user.nombre} ${user.apellidos} (ID ${user.id})`;
        return (
          <div className="actions">
            <Link
              to={`/admin/usuarios/editar/${user.id}`}
              className="button button--small button--ghost"
              aria-label={`Edit ${rowLabel}`}
            >
              Edit
            </Link>
            {/* The server refuses to delete one's own account (409); so does the screen. */}
            {user.id !== ownId && (
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
        );
      },
    },
  ];

  return (
    <>
      <p className="admin-count" ref={countRef} tabIndex={-1}>
        {pluralize(total, 'usuario', 'usuarios')}
      </p>
      <DataTable
        caption="Usuarios"
        columns={columns}
        rows={users}
        rowKey={(user) => user.id}
        className="admin-table"
      />
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
