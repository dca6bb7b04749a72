import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../../db/client';
import { inBackground } from '../../db/priority-gate';
import { rowsOf } from '../../db/rows';

/** How a queue's jobs are retried, and how long one may run before it counts as lost. */
export interface QueuePolicy {
  /** Attempts after the first; then the job is failed for good. */
  retryLimit: number;
  /** Seconds before the first retry; with back-off each wait doubles, with jitter (pg-boss). */
  retryDelay: number;
  retryBackoff: boolean;
  /** A job still running after this is taken as lost (its worker died) and retried. */
  expireInSeconds: number;
}

/** A job as its handler sees it: pg-boss's, with how many attempts it has used. */
export type Job<T> = PgBoss.JobWithMetadata<T>;

/**
 * Runs the jobs of one queue. Each job succeeds or fails on its own: the handler returns the ids of
 * the jobs that failed with their errors (the rest are complete).
 */
type BatchHandler<T> = (jobs: Job<T>[]) => Promise<Map<string, Error>>;

interface QueueDefinition {
  name: string;
  policy: QueuePolicy;
  batchSize: number;
  handler: BatchHandler<object>;
}

export interface JobQueueOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** Seconds between two looks at an idle queue; 0: no workers (tests run due jobs themselves). */
  pollSeconds: number;
  /** Longest a worker's batch gives way to queueing writes (YIELD_MAX_MS when absent). */
  yieldMaxMs?: number;
}

/** Splits pg-boss's `$n` SQL into drizzle chunks, so it runs inside the caller's transaction. */
function boundSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  const placeholder = /\$(\d+)/g;
  let last = 0;
  for (let m = placeholder.exec(text); m; m = placeholder.exec(text)) {
    chunks.push(sql.raw(text.slice(last, m.index)));
    chunks.push(sql`${values[Number(m[1]) - 1] ?? null}`);
    last = placeholder.lastIndex;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/** pg-boss's `db` for one statement in a transaction of ours (drizzle's tx, either driver). */
export function inTransaction(tx: Db): PgBoss.Db {
  return {
    executeSql: async (text, values = []) => ({
      rows: rowsOf(await tx.execute(boundSql(text, values))),
    }),
  };
}

/** How long a queue that could not start waits before trying again. */
const RESTART_MS = 5_000;

/**
 * While requests' transactions queue for the database (a burst of orders), a worker waits before
 * each batch, looking again every YIELD_STEP_MS, for at most YIELD_MAX_MS: the burst's e-mails go
 * out after it instead of taking the database and the CPU from the shoppers during it, and under
 * writes that never stop each worker still runs a batch every half minute (well within the
 * jobs' expiry, so a waiting batch is never taken for a dead worker's).
 */
const YIELD_STEP_MS = 25;
const YIELD_MAX_MS = 30_000;

/** The jobs waiting or running, and how long the oldest waiting one has waited. */
export interface QueueDepth {
  pendientes: number;
  /** Seconds since the oldest job that is due and not yet done was created (null: none). */
  antiguedadSegundos: number | null;
}

/**
 * The shop's durable job queue (decision 028): pg-boss on the shop's own database, PGlite or
 * PostgreSQL, its tables created by the shop's migrations (schema `pgboss`). A job is written in
 * the transaction of the change that causes it (`send(tx, …)`), so both happen or neither; workers
 * in every instance take jobs with FOR UPDATE SKIP LOCKED, so each runs in one of them; a failed
 * job is retried with exponential back-off and jitter up to its queue's limit; one whose worker
 * died is retried once its `expireInSeconds` pass. Periodic work (`every`) is one job per period
 * across all instances, sent at start-up too, so a restart never postpones it.
 */
export class JobQueue {
  private boss: PgBoss;
  private readonly queues = new Map<string, QueueDefinition>();
  private readonly periodic: { name: string; seconds: number }[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly busy: (() => boolean)[] = [];
  private started = false;
  private stopped = false;
  /** The first attempt to start (done, well or not): what runDue waits for. */
  private firstStart: Promise<void> | undefined;

  constructor(private readonly options: JobQueueOptions) {
    this.boss = this.newBoss();
  }

  private newBoss(): PgBoss {
    const { database, log, pollSeconds } = this.options;
    const boss = new PgBoss({
      // The queue's own statements (fetching, completing, maintenance) wait behind requests'.
      db: { executeSql: (text, values) => inBackground(() => database.executeSql(text, values)) },
      // The shop's migrations create and upgrade the queue's tables (drizzle/0022_job_queue.sql).
      migrate: false,
      // Periodic work is `every`, below: pg-boss's cron has a one-minute grain.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: 60,
      archiveCompletedAfterSeconds: 24 * 3600,
      archiveFailedAfterSeconds: 30 * 24 * 3600,
      deleteAfterDays: 30,
      ...(pollSeconds > 0 ? { pollingIntervalSeconds: pollSeconds } : {}),
    });
    boss.on('error', (err) =>
      log.warn({ err, cola: (err as { queue?: string }).queue }, 'la cola de trabajos falló'),
    );
    return boss;
  }

  /** A queue and what runs its jobs; call before start. */
  define<T extends object>(
    name: string,
    policy: QueuePolicy,
    handler: BatchHandler<T>,
    batchSize = 1,
  ): void {
    this.queues.set(name, { name, policy, batchSize, handler: handler as BatchHandler<object> });
  }

  /** Periodic work: one job of `name` per `seconds`, across every instance; call before start. */
  every(name: string, seconds: number, run: () => Promise<void>): void {
    this.define(
      name,
      // A periodic job that fails is not retried: the next period runs it again.
      {
        retryLimit: 0,
        retryDelay: 0,
        retryBackoff: false,
        expireInSeconds: Math.max(60, seconds * 4),
      },
      async (jobs) => {
        const failed = new Map<string, Error>();
        for (const job of jobs) {
          try {
            await run();
          } catch (err) {
            failed.set(job.id, err instanceof Error ? err : new Error(String(err)));
          }
        }
        return failed;
      },
    );
    if (seconds > 0) this.periodic.push({ name, seconds });
  }

  /**
   * Starts pg-boss, creates or updates the queues, and starts the workers and periodic work;
   * resolves after the first attempt. A database that cannot be reached does not stop the shop
   * from starting (it answers 503 until the database is back): the queue tries again every
   * RESTART_MS.
   */
  start(): Promise<void> {
    this.stopped = false;
    this.firstStart ??= this.tryStart();
    return this.firstStart;
  }

  private async tryStart(): Promise<void> {
    try {
      await this.startOnce();
    } catch (err) {
      this.options.log.warn({ err }, 'la cola de trabajos no pudo iniciar: se reintentará');
      // pg-boss does not start twice: the next try is a new instance.
      this.boss = this.newBoss();
      const retry = setTimeout(() => {
        this.timers.splice(this.timers.indexOf(retry), 1);
        if (!this.stopped) void this.tryStart();
      }, RESTART_MS);
      retry.unref();
      this.timers.push(retry);
    }
  }

  private async startOnce(): Promise<void> {
    await this.boss.start();
    for (const { name, policy } of this.queues.values()) {
      const queue = {
        name,
        policy: 'standard' as const,
        ...policy,
        retentionMinutes: 14 * 24 * 60,
      };
      if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, queue);
      else await this.boss.createQueue(name, queue);
    }
    this.started = true;
    if (this.options.pollSeconds <= 0) return;
    for (const queue of this.queues.values()) {
      await this.boss.work<object>(
        queue.name,
        {
          batchSize: queue.batchSize,
          includeMetadata: true,
          pollingIntervalSeconds: this.options.pollSeconds,
        },
        async (jobs) => {
          await this.yieldToWrites();
          await this.runBatch(queue, jobs);
        },
      );
    }
    for (const { name, seconds } of this.periodic) {
      const tick = () =>
        this.sendPeriodic(name, seconds).catch((err: unknown) =>
          this.options.log.warn({ err, cola: name }, 'no se pudo programar un trabajo periódico'),
        );
      await tick();
      // Twice a period, so a late timer never skips one; the period's slot refuses the second.
      const timer = setInterval(tick, (seconds * 1000) / 2);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** The period's one job of each periodic work (the unique slot refuses the others), due now. */
  async schedulePeriodic(): Promise<void> {
    for (const { name, seconds } of this.periodic) await this.sendPeriodic(name, seconds);
  }

  private sendPeriodic(name: string, seconds: number) {
    return this.boss.send(name, {}, { singletonKey: name, singletonSeconds: seconds });
  }

  /** Workers also give way while `busy()` says so (orders waiting in line), as for writes. */
  giveWayWhile(busy: () => boolean): void {
    this.busy.push(busy);
  }

  /** True while workers hold their next batch: requests' writes or orders are waiting. */
  givingWay(): boolean {
    const { database } = this.options;
    return (
      (database.writesWaiting?.() ?? 0) > 0 || this.busy.some((requestsWait) => requestsWait())
    );
  }

  /**
   * Waits while requests' writes queue for the database, or other requests' work waits
   * (giveWayWhile), up to the bound (YIELD_MAX_MS).
   */
  private async yieldToWrites(): Promise<void> {
    const { yieldMaxMs = YIELD_MAX_MS } = this.options;
    const until = performance.now() + yieldMaxMs;
    while (!this.stopped && this.givingWay() && performance.now() < until) {
      await sleep(YIELD_STEP_MS);
    }
  }

  /** Fails the batch's failed jobs (each retried or failed for good by its queue's policy). */
  private async runBatch(queue: QueueDefinition, jobs: Job<object>[]): Promise<void> {
    // Jobs are background work: their database calls wait behind the requests' (priority-gate).
    const failed = await inBackground(() => queue.handler(jobs));
    for (const [id, err] of failed) {
      await this.boss.fail(queue.name, id, { message: err.message });
    }
  }

  /**
   * Writes a job. With `tx`, inside that transaction: it exists only if the transaction commits.
   * Resolves to its id (null when a singleton refused it).
   */
  async send(
    tx: Db | null,
    name: string,
    data: object,
    options: PgBoss.SendOptions = {},
  ): Promise<string | null> {
    if (!this.queues.has(name)) throw new Error(`cola de trabajos desconocida: ${name}`);
    // Never wait here for the start: a caller's transaction holds a connection the start may need.
    const id = await this.boss.send(name, data, {
      ...options,
      ...(tx ? { db: inTransaction(tx) } : {}),
    });
    // pg-boss writes nothing for a queue it does not know yet: never lose a job in silence.
    if (id === null && options.singletonSeconds === undefined) {
      throw new Error(`la cola ${name} aún no existe en la base de datos`);
    }
    return id;
  }

  /**
   * Jobs of queue `name` as a common table expression (named `cte`) of a larger statement, so they
   * are written with the rows that cause them in one round trip: one job per row of `source`,
   * whose columns `id` (uuid) and `data` (jsonb) become the job's. The rest is what pg-boss's own
   * `send` writes (its insertJob), with the queue's policy read from pgboss.queue. Before pg-boss
   * has created the queue there is no partition for its jobs, and the statement fails rather than
   * lose them in silence.
   */
  writes(cte: string, name: string, source: SQL): SQL {
    if (!this.queues.has(name)) throw new Error(`cola de trabajos desconocida: ${name}`);
    return sql`${sql.identifier(cte)} as (
      insert into pgboss.job (id, name, data, start_after, dead_letter, expire_in, keep_until,
                              retry_limit, retry_delay, retry_backoff, policy)
      select s.id, cola.nombre, s.data, now(), q.dead_letter,
             coalesce(q.expire_seconds * interval '1 second', interval '15 minutes'),
             now() + coalesce(q.retention_minutes * interval '1 minute', interval '14 days'),
             coalesce(q.retry_limit, 2),
             case when coalesce(q.retry_backoff, false)
                  then greatest(coalesce(q.retry_delay, 0), 1) else coalesce(q.retry_delay, 0) end,
             coalesce(q.retry_backoff, false), q.policy
        from ${source} s
        cross join (select ${name}::text as nombre) cola
        left join pgboss.queue q on q.name = cola.nombre
    )`;
  }

  /**
   * Runs every job due now, queue by queue, until none is left: what the workers would do, at once
   * (tests, and `npm run` commands). Jobs another instance holds are left to it.
   */
  async runDue(): Promise<number> {
    await this.firstStart;
    if (!this.started) return 0;
    let ran = 0;
    for (let round = 0; round < 100; round++) {
      let found = 0;
      for (const queue of this.queues.values()) {
        const jobs = await this.boss.fetch<object>(queue.name, {
          batchSize: Math.max(queue.batchSize, 10),
          includeMetadata: true,
        });
        if (jobs.length === 0) continue;
        found += jobs.length;
        await this.runBatch(queue, jobs);
        await this.boss.complete(
          queue.name,
          jobs.map((j) => j.id),
        );
      }
      ran += found;
      if (found === 0) break;
    }
    return ran;
  }

  /** Jobs due or running and the age of the oldest one that is due (GET /api/salud). */
  async depth(): Promise<QueueDepth> {
    const { rows } = await this.options.database.executeSql(
      `select count(*)::int as pendientes,
              extract(epoch from now() - min(created_on) filter (where start_after <= now()))::float as edad
         from pgboss.job where state < 'completed'`,
      [],
    );
    const row = rows[0] as { pendientes: number; edad: number | null } | undefined;
    return {
      pendientes: row?.pendientes ?? 0,
      antiguedadSegundos: row?.edad == null ? null : Math.round(row.edad),
    };
  }

  /**
   * Stops taking jobs; one running is given `drainMs` to finish, then failed back to its queue
   * (retried by whichever instance runs next).
   */
  async stop(drainMs: number): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: drainMs, close: false, wait: true });
  }
}
