import pg from 'pg';

/** Where the listener reports trouble (pino's signature; console works too). */
export interface ListenLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface PgListenOptions {
  connectionString: string;
  channel: string;
  /** With the notification's payload (empty when it has none). */
  onNotify: (payload: string) => void;
  /** Listening again after a loss: every notification sent meanwhile was missed. */
  onReconnect?: (() => void) | undefined;
  /** The connection is gone; nothing is heard until onReconnect. */
  onLost?: (() => void) | undefined;
  log?: ListenLog | undefined;
  /** First wait before reconnecting; it doubles on each failure up to maxDelayMs. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /**
   * A connection that vanished without closing (a failover, a dropped route) delivers nothing
   * and reports nothing: a periodic query finds out within this interval.
   */
  heartbeatMs?: number;
}

export const LISTEN_APPLICATION_NAME = 'nexbyte-listen';

const consoleLog: ListenLog = { warn: (details, message) => console.warn(message, details) };

type Socketed = { connection?: { stream?: { destroy(): void } } };

/** Ends a client without waiting for a peer that may never answer. */
function drop(client: pg.Client) {
  client.end().catch(() => {});
  (client as unknown as Socketed).connection?.stream?.destroy();
}

/**
 * LISTENs on a dedicated connection of its own, outside the pool: a pooled connection is shared
 * and returned, and its LISTEN would go with it. After a loss it reconnects with backoff and says
 * so (onLost, then onReconnect), so the caller can stop trusting what it kept meanwhile.
 * Resolves once listening, or rejects when the first connection fails; the answer stops it.
 */
export async function pgListen({
  connectionString,
  channel,
  onNotify,
  onReconnect,
  onLost,
  log = consoleLog,
  minDelayMs = 100,
  maxDelayMs = 5_000,
  heartbeatMs = 15_000,
}: PgListenOptions): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  function lose(client: pg.Client, reason: string) {
    if (client !== current) return;
    current = null;
    clearInterval(heartbeat);
    drop(client);
    if (stopped) return;
    log.warn({ channel, reason }, 'se perdió la conexión que escucha cambios en PostgreSQL');
    onLost?.();
    scheduleReconnect();
  }

  async function open(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString,
      application_name: LISTEN_APPLICATION_NAME,
      connectionTimeoutMillis: 5_000,
      query_timeout: 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let ended = false;
    // Without an error listener a lost connection would crash the process.
    client.on('error', (err: Error & { code?: string }) => lose(client, err.code ?? err.message));
    client.on('end', () => {
      ended = true;
      lose(client, 'end');
    });
    client.on('notification', (message) => {
      if (message.channel !== channel) return;
      try {
        onNotify(message.payload ?? '');
      } catch (err) {
        // A throw here would land inside the driver's parser and break the connection.
        log.warn({ channel, cause: (err as Error).message }, 'falló el aviso de un cambio');
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      if (ended) throw new Error('la conexión se cerró al empezar a escuchar');
    } catch (err) {
      drop(client);
      throw err;
    }
    return client;
  }

  function adopt(client: pg.Client) {
    current = client;
    failures = 0;
    heartbeat = setInterval(() => {
      client.query('SELECT 1').catch((err: Error) => lose(client, err.message));
    }, heartbeatMs);
    heartbeat.unref();
  }

  function scheduleReconnect() {
    const backoff = Math.min(maxDelayMs, minDelayMs * 2 ** failures);
    failures += 1;
    // Jitter keeps every instance of a fleet from reconnecting in the same instant.
    retry = setTimeout(reconnect, backoff / 2 + Math.random() * (backoff / 2));
    retry.unref();
  }

  async function reconnect() {
    if (stopped) return;
    try {
      const client = await open();
      if (stopped) {
        drop(client);
        return;
      }
      adopt(client);
      onReconnect?.();
    } catch (err) {
      log.warn({ channel, cause: (err as Error).message }, 'no se pudo volver a escuchar cambios');
      scheduleReconnect();
    }
  }

  adopt(await open());

  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    const client = current;
    current = null;
    if (client) await client.end().catch(() => {});
  };
}
