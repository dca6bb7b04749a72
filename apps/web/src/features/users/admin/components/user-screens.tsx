import { useNavigate, useParams } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { QueryState } from '../../../../components/ui/query-state';
import { useToast } from '../../../../components/ui/toast';
import { useCreateUser } from '../api/create-user';
import { useUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { AdminPageHeader } from '../../../../components/ui/admin-page-header';
import { EndSessions } from './end-sessions';
import { EditUserForm, NewUserForm } from './user-forms';
import { idFromParams } from '../../../../lib/route-id';

export const LOAD_USER_ERROR = 'No se pudo cargar el usuario.';

const BACK = { to: '/admin/usuarios', label: 'Volver a usuarios' };

function useBackToTable() {
  const navigate = useNavigate();
  const toast = useToast();
  return (message: string) => {
    toast.show({ type: 'success', message });
    void navigate('/admin/usuarios');
  };
}

export function NewUserScreen() {
  const create = useCreateUser();
  const backToTable = useBackToTable();
  return (
    <>
      <AdminPageHeader title="Nuevo usuario" back={BACK} />
      <NewUserForm
        onSave={async (body) => {
          const user = await create.mutateAsync(body);
          backToTable(`Usuario creado: ${user.nombre} ${user.apellidos}.`);
        }}
      />
    </>
  );
}

export function EditUserScreen() {
  const id = idFromParams(useParams().id);
  return (
    <>
      <AdminPageHeader title="Editar usuario" back={BACK} />
      {id === null ? <Alert tone="danger">{LOAD_USER_ERROR}</Alert> : <EditUser id={id} />}
    </>
  );
}

function EditUser({ id }: { id: number }) {
  const user = useUser(id);
  const update = useUpdateUser(id);
  const backToTable = useBackToTable();
  return (
    <QueryState query={user} errorMessage={LOAD_USER_ERROR}>
      {(data) => (
        <>
          <p className="muted">
            ID {data.id}. La contraseña no se cambia desde aquí: sigue siendo la que el usuario ya
            tiene.
          </p>
          <EditUserForm
            // A fresh form per user, so its defaults are this user's values.
            key={data.id}
            user={data}
            onSave={async (body) => {
              const saved = await update.mutateAsync(body);
              backToTable(`Usuario actualizado: ${saved.nombre} ${saved.apellidos}.`);
            }}
          />
          <EndSessions user={data} />
        </>
      )}
    </QueryState>
  );
}
