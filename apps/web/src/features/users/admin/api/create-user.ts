import type { DomainSchemas, Usuario } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../../lib/api-client';
import { adminKeys } from './query-keys';

/** docs/product.md#calls: run, nombre, apellidos, correo, pass, role, telefono, region, comuna, direccion. */
export type NewUsuarioBody = z.output<DomainSchemas['adminUsuarioCreate']>;

export function createUser(body: NewUsuarioBody): Promise<Usuario> {
  return apiFetch<Usuario>('/usuarios', { method: 'POST', body });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
