/** How long to wait before each new request for a module whose download failed. */
const IMPORT_RETRY_WAITS_MS = [1_000, 3_000] as const;

/**
 * Loads a part of the app's code (the app itself, a screen), asking for it again when the request
 * fails: on a phone's network one request can fail and the next, a second later, arrive. Without
 * it the page stays as the server sent it, its buttons never taking a press, or the screen shows
 * its error. The browser fetches a module again when it is imported again after a failed download
 * (Chromium does); one that keeps the failure fails each time, and the error is thrown after the
 * last wait, as it would have been at once.
 */
export async function importRetrying<T>(
  load: () => Promise<T>,
  waits: readonly number[] = IMPORT_RETRY_WAITS_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (err) {
      const wait = waits[attempt];
      if (wait === undefined) throw err;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
