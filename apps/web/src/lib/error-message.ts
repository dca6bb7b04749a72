import { ApiError, CONNECTION_ERROR_MESSAGE } from './api-client';

/**
 * What to tell the user about a failed call (docs/product.md#messages): the server's own words when it
 * refused the request and said why (a 4xx: too many tries, an e-mail already registered), else
 * `fallback`. A dropped connection or a server fault has no words the user can act on.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const explained =
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.message !== CONNECTION_ERROR_MESSAGE;
  return explained ? error.message : fallback;
}

/**
 * The server's own words whenever its answer carried a `message`, whatever the status (a 503 that
 * says why, too), else `fallback`: for the screens whose rule is 'the server's message field, else
 * the fallback text' (the support form's toast). A dropped connection, or a proxy's error page
 * without a JSON message, gets the fallback.
 */
export function serverMessage(error: unknown, fallback: string): string {
  const said =
    error instanceof ApiError && error.status > 0 && error.message !== CONNECTION_ERROR_MESSAGE;
  return said ? error.message : fallback;
}

/** The spec's action message followed by what the server said, e.g. 'Error al guardar el usuario. El correo ya está registrado.' */
export function actionErrorMessage(base: string, error: unknown): string {
  return error instanceof ApiError ? `${base} ${error.message}` : base;
}

/**
 * errorMessage, and also the server's own words when a payment provider failed behind it (502
 * with a message: Webpay down, a refund refused). A proxy's 502 page carries no such message.
 */
export function paymentErrorMessage(error: unknown, fallback: string): string {
  const fromProvider =
    error instanceof ApiError && error.status === 502 && error.message !== CONNECTION_ERROR_MESSAGE;
  return fromProvider ? error.message : errorMessage(error, fallback);
}
