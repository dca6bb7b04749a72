import type { Importacion, InformeImportacion } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, apiUpload } from '../../../../lib/api-client';
import { refreshCatalogue } from './product-cache';

/** How often a large import's progress is asked for while the server works on it. */
export const IMPORT_POLL_MS = 1000;

export interface ImportRequest {
  archivo: File;
  /** Dry run: the report only. */
  simular: boolean;
  /** Write the valid rows even when others fail. */
  validas: boolean;
  /** The share of the file sent so far (0 to 1). */
  onProgress?: (share: number) => void;
  /** A large file's progress on the server, each time it is read. */
  onServerProgress?: (importacion: Importacion) => void;
}

const isJob = (answer: InformeImportacion | Importacion): answer is Importacion =>
  'estado' in answer;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a busy server again: the embedded database may answer 503 while a batch is written. */
const POLL_RETRIES = 30;

async function pollJob(job: Importacion): Promise<Importacion> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await apiFetch<Importacion>(`/productos/importaciones/${job.id}`);
    } catch (err) {
      const busy = err instanceof ApiError && (err.status === 503 || err.status === 0);
      if (!busy || attempt >= POLL_RETRIES) throw err;
      await wait(IMPORT_POLL_MS);
    }
  }
}

/**
 * POST /productos/importar with the file as the multipart field `archivo`, through XMLHttpRequest
 * so that the screen can show the upload's progress. A small file is answered with its report; a
 * large one with an import running on the server (202), followed until it ends.
 */
export async function importProducts({
  archivo,
  simular,
  validas,
  onProgress,
  onServerProgress,
}: ImportRequest): Promise<InformeImportacion> {
  const form = new FormData();
  form.append('archivo', archivo);
  const query = new URLSearchParams();
  if (simular) query.set('simular', '1');
  if (validas) query.set('validas', '1');
  const search = query.size > 0 ? `?${query}` : '';
  let answer = await apiUpload<InformeImportacion | Importacion>(
    `/productos/importar${search}`,
    form,
    { onProgress },
  );
  while (isJob(answer)) {
    onServerProgress?.(answer);
    if (answer.estado === 'terminada' && answer.informe) return answer.informe;
    if (answer.estado === 'fallida') {
      throw new ApiError(answer.error?.statusCode ?? 500, answer.error?.message ?? '');
    }
    await wait(IMPORT_POLL_MS);
    answer = await pollJob(answer);
  }
  return answer;
}

export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importProducts,
    onSuccess: (informe) => {
      if (informe.aplicada) refreshCatalogue(queryClient);
    },
  });
}
