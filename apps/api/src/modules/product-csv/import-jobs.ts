import { randomUUID } from 'node:crypto';
import type { Importacion, InformeImportacion } from '@nexbyte/shared';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../http-errors';
import type { ImportProgress } from './product-import';

/** How long a finished import's result stays readable. */
const KEEP_FINISHED_MS = 60 * 60_000;

export const JOB_MESSAGES = {
  busy: 'Ya hay una importación grande en curso: espera a que termine para enviar otra.',
  notFound: 'No encontramos esa importación: pudo haber terminado hace más de una hora.',
  failed: (written: number) =>
    written > 0
      ? `La importación se interrumpió por un error inesperado después de guardar ${written.toLocaleString('es-CL')} filas: vuelve a importar el archivo para completar el resto (lo ya guardado aparecerá sin cambios).`
      : 'La importación no pudo terminar por un error inesperado; no se guardó nada.',
} as const;

interface Job {
  id: string;
  /** Who started it: only they read its progress. */
  usuarioId: number;
  state: Importacion;
}

/**
 * Large imports running in this process, one at a time, and their results for an hour. A job runs
 * on the event loop in short slices (the import yields between them), so the shop keeps answering;
 * its progress and result are read with GET /productos/importaciones/{id}. A restart forgets them;
 * an import cut short by one keeps the batches of 200 rows it had committed.
 */
export class ImportJobs {
  private readonly jobs = new Map<string, Job>();
  private running: Promise<void> | null = null;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts `work` as a job, or refuses with 409 while another one runs. */
  start(
    usuarioId: number,
    work: (onProgress: (p: ImportProgress) => void) => Promise<InformeImportacion>,
  ): Importacion {
    if (this.running) throw new HttpError(409, JOB_MESSAGES.busy);
    const job: Job = {
      id: randomUUID(),
      usuarioId,
      state: { id: '', estado: 'en_curso', fase: 'revisando', filas: 0, avance: 0 },
    };
    job.state.id = job.id;
    this.jobs.set(job.id, job);
    const onProgress = (p: ImportProgress) => {
      job.state = { ...job.state, ...p };
    };
    this.running = work(onProgress)
      .then((informe) => {
        job.state = {
          ...job.state,
          estado: 'terminada',
          filas: informe.total,
          avance: 1,
          informe,
        };
      })
      .catch((err: unknown) => {
        const known = err instanceof HttpError && err.statusCode < 500;
        if (!known) this.log.error({ err }, 'una importación de productos falló');
        job.state = {
          ...job.state,
          estado: 'fallida',
          error: {
            statusCode: known ? err.statusCode : 500,
            message: known
              ? err.message
              : JOB_MESSAGES.failed(job.state.fase === 'guardando' ? job.state.filas : 0),
          },
        };
      })
      .finally(() => {
        this.running = null;
        setTimeout(() => this.jobs.delete(job.id), KEEP_FINISHED_MS).unref();
      });
    return job.state;
  }

  /** The job's state for the user who started it; 404 for anyone else or an unknown id. */
  get(id: string, usuarioId: number): Importacion {
    const job = this.jobs.get(id);
    if (!job || job.usuarioId !== usuarioId) throw new HttpError(404, JOB_MESSAGES.notFound);
    return job.state;
  }
}
