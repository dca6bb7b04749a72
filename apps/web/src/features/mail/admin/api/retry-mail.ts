import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SETUP_CHECKLIST_KEY } from '../../../../lib/admin-queries';
import { apiFetch } from '../../../../lib/api-client';
import { mailKeys } from './get-mails';

/** POST /correos/{id}/reintentar (ADMIN): a failed e-mail goes back to the queue (202, its message). */
export function retryMail(id: number): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(`/correos/${id}/reintentar`, { method: 'POST' });
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    // Asked again whatever the answer: a 409 means the e-mail's state moved on meanwhile. The
    // dashboard's count of failed e-mails changes with it.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: mailKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: SETUP_CHECKLIST_KEY });
    },
  });
}
