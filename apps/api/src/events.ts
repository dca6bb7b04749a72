import type { EstadoPedido, EstadoTicket } from '@nexbyte/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './db/client';
import { GroupWriter, type GroupWriterOptions } from './db/group-writer';
import { rowsOf } from './db/rows';

/** An order that changed, as its events tell it: subscribers read the rest themselves. */
export interface OrderFact {
  id: number;
  numero: string;
  de: EstadoPedido | null;
  a: EstadoPedido;
}

/**
 * Every event of the shop and what it carries. Names are Spanish, like the data; they are
 * published only after the transaction that made them true has committed.
 */
export interface ShopEvents {
  'pedido.creado': OrderFact;
  'pedido.pagado': OrderFact;
  'pedido.enviado': OrderFact;
  'pedido.entregado': OrderFact;
  'pedido.cancelado': OrderFact;
  /** Cancelled by the system because the payment did not arrive in time. */
  'pedido.expirado': OrderFact;
  /** A visitor wrote through the contact form (the honeypot's catches are not published). */
  'contacto.creado': ContactFact;
  /** A visitor asked for a support or repair quote: the ticket's first e-mail carries `acceso`. */
  'soporte.creado': SupportFact;
  /** A ticket changed state; the customer's e-mail carries a fresh tracking token. */
  'soporte.estado': TicketStateFact;
  /** The desk sent a quote; the customer's e-mail carries a fresh tracking token. */
  'soporte.cotizado': TicketQuoteFact;
  /** A sale took a product's stock from above the low-stock line to at or below it. */
  'producto.stock_bajo': LowStockFact;
  /** A product's stock went from none to some: its back-in-stock alerts are due. */
  'producto.repuesto': RestockFact;
}

export interface RestockFact {
  id: number;
}

export interface StorageFullFact {
  /** When the first write was refused (ISO 8601). */
  desde: string;
}

export interface ContactFact {
  id: number;
  nombre: string;
  email: string;
  mensaje: string;
}

export interface SupportFact {
  id: number;
  nombreCliente: string;
  emailCliente: string;
  telefonoCliente: string | null;
  region: string;
  comuna: string;
  equipo: string;
  prioridad: string;
  serviciosRequeridos: string[];
  descripcionProblema: string;
  /** The tracking token of the customer's confirmation e-mail (only its hash is stored). */
  acceso: string;
}

export interface TicketStateFact {
  id: number;
  estado: EstadoTicket;
  /** The note to the customer, if the desk wrote one (internal notes never travel here). */
  nota: string | null;
  /** The new tracking token; null when the customer made the change (their link stays). */
  acceso: string | null;
}

export interface TicketQuoteFact {
  id: number;
  cotizacionId: number;
  acceso: string;
}

export interface LowStockFact {
  id: number;
  nombre: string;
  /** Units left after the sale. */
  stock: number;
}

export type EventName = keyof ShopEvents;
/** The events that tell an order's status change. */
export type OrderEventName = {
  [K in EventName]: ShopEvents[K] extends OrderFact ? K : never;
}[EventName];
export type ShopEvent = { [K in EventName]: { name: K; data: ShopEvents[K] } }[EventName];
type Handler<K extends EventName> = (data: ShopEvents[K], tx: Db) => unknown;
type AnyHandler = (data: unknown, tx: Db) => unknown;

/**
 * A subscriber that writes what an event causes as part of the statement that records it: the
 * common table expressions that write it (each named with `prefix`, so that several subscribers
 * share one statement), reading the events from the relation `hechos`, one row per event with its
 * data as jsonb in `hechos.dato`.
 */
export type StatementHandler = (prefix: string) => SQL;

/** Writes events inside a transaction (app.events.record): what the functions that change take. */
export type RecordEvents = (tx: Db, events: readonly ShopEvent[]) => Promise<void>;

/**
 * The shop's events, recorded inside the transaction that made them true (decision 028): each
 * subscriber writes what the event causes (an e-mail, a job) with that transaction, so it happens
 * if and only if the change commits. A subscriber that throws rolls the change back.
 */
export class EventBus {
  private readonly handlers = new Map<EventName, AnyHandler[]>();
  private readonly statementHandlers = new Map<EventName, StatementHandler[]>();

  on<K extends EventName>(name: K, handler: Handler<K>): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler as AnyHandler]);
  }

  /**
   * A subscriber whose writes are SQL (an e-mail and its job): it runs inside the statement of
   * `inserter`'s rows, below, and inside the transaction of `record` alike.
   */
  onStatement(name: EventName, handler: StatementHandler): void {
    this.statementHandlers.set(name, [...(this.statementHandlers.get(name) ?? []), handler]);
  }

  readonly record: RecordEvents = async (tx, events) => {
    for (const event of events) {
      for (const handler of this.handlers.get(event.name) ?? []) await handler(event.data, tx);
      const writes = this.statementWrites(event.name);
      if (writes) {
        await tx.execute(
          sql`with hechos as (select ${JSON.stringify(event.data)}::jsonb as dato), ${writes}
              select 1`,
        );
      }
    }
  };

  /**
   * How to add rows whose insertion is the event `name` (a contact message), each with what the
   * event causes, without a transaction: `insert` builds an INSERT … RETURNING of the given rows,
   * whose columns are the event's data, and the subscribers' writes are common table expressions
   * of the same statement, so a row and its consequences commit together or not at all (decision
   * 028). Rows asked for while a statement is running go together in the next one (GroupWriter):
   * one round trip and one commit for many, where a transaction each waited for its turn. When a
   * subscriber needs a transaction, each group gets one.
   */
  inserter<K extends EventName, R>(
    db: Db,
    name: K,
    insert: (rows: readonly R[]) => SQL,
    options: GroupWriterOptions = {},
  ): (row: R) => Promise<void> {
    const writer = new GroupWriter<R>(async (rows) => {
      if ((this.handlers.get(name) ?? []).length > 0) {
        await db.transaction(async (tx) => {
          const facts = rowsOf<ShopEvents[K]>(await tx.execute(insert(rows)));
          await this.record(
            tx,
            facts.map((data) => ({ name, data }) as ShopEvent),
          );
        });
        return;
      }
      const writes = this.statementWrites(name);
      await db.execute(
        sql`with filas as (${insert(rows)}),
                 hechos as (select to_jsonb(filas) as dato from filas)
                 ${writes ? sql`, ${writes}` : sql``}
            select count(*) from hechos`,
      );
    }, options);
    return (row) => writer.write(row);
  }

  private statementWrites(name: EventName): SQL | null {
    const handlers = this.statementHandlers.get(name) ?? [];
    if (handlers.length === 0) return null;
    return sql.join(
      handlers.map((handler, i) => handler(`s${i}`)),
      sql`, `,
    );
  }
}
