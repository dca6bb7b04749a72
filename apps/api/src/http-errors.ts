/** An error whose message is meant for the person using the shop, with the status to answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const MESSAGES = {
  validation: 'Revisa los datos ingresados.',
  invalidJson: 'El cuerpo de la solicitud no es JSON válido.',
  emptyBody: 'La solicitud no trae datos.',
  tooLarge: 'La solicitud es demasiado grande.',
  unsupportedMedia: 'Tipo de contenido no admitido: envía JSON.',
  notFound: 'Recurso no encontrado.',
  unauthenticated: 'Debes iniciar sesión para continuar.',
  invalidSession: 'Tu sesión no es válida o expiró. Inicia sesión nuevamente.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  tooManyRequests: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
  nullByte: 'El texto contiene caracteres no permitidos.',
  internal: 'Ocurrió un error inesperado. Inténtalo de nuevo más tarde.',
  badRequest: 'La solicitud no es válida.',
  unavailable:
    'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  overloaded:
    'El servicio está recibiendo demasiadas solicitudes. Inténtalo de nuevo en unos segundos.',
  storageFull:
    'La tienda no puede recibir pedidos ni guardar datos en este momento. Inténtalo de nuevo en unos minutos.',
} as const;

/** Seconds a client is told to wait (Retry-After) when a dependency is down or we are overloaded. */
export const RETRY_AFTER_SECONDS = 5;

export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) =>
  new HttpError(409, message, errors);
export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);

/** PostgreSQL's unique_violation, as both drivers report it (drizzle wraps it in `cause`). */
export function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return null;
}
