import type { EstadoPedido, EstadoTicket } from '@nexbyte/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './db/client';
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
 * A subscriber that writes what an event causes as part of the statement that records it: given
 * the event's data as a jsonb expression, the common table expressions that write it (each named
 * with `prefix`, so that several subscribers share one statement).
 */
export type StatementHandler = (fact: SQL, prefix: string) => SQL;

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
   * `insert`, below, and inside the transaction of `record` alike.
   */
  onStatement(name: EventName, handler: StatementHandler): void {
    this.statementHandlers.set(name, [...(this.statementHandlers.get(name) ?? []), handler]);
  }

  readonly record: RecordEvents = async (tx, events) => {
    for (const event of events) {
      for (const handler of this.handlers.get(event.name) ?? []) await handler(event.data, tx);
      const writes = this.statementWrites(event.name, sql`${JSON.stringify(event.data)}::jsonb`);
      if (writes) await tx.execute(sql`with ${writes} select 1`);
    }
  };

  /**
   * Inserts one row and records the event it makes true in a single statement, without a
   * transaction: `insert` is an INSERT … RETURNING whose columns are the event's data, and the
   * subscribers' writes are common table expressions of the same statement, so all of it commits
   * or none (decision 028). A form that only adds a row (a contact message) then costs one round
   * trip and never waits for a transaction's turn. When a subscriber needs a transaction, it gets
   * one. Resolves to the event's data.
   */
  async insert<K extends EventName>(db: Db, name: K, insert: SQL): Promise<ShopEvents[K]> {
    if ((this.handlers.get(name) ?? []).length > 0) {
      return db.transaction(async (tx) => {
        const [fact] = rowsOf<ShopEvents[K]>(await tx.execute(insert));
        await this.record(tx, [{ name, data: fact } as ShopEvent]);
        return fact!;
      });
    }
    const fact = sql`(select to_jsonb(hecho) from hecho)`;
    const writes = this.statementWrites(name, fact);
    const [row] = rowsOf<{ dato: ShopEvents[K] }>(
      await db.execute(
        sql`with hecho as (${insert})${writes ? sql`, ${writes}` : sql``}
            select to_jsonb(hecho) as dato from hecho`,
      ),
    );
    return row!.dato;
  }

  private statementWrites(name: EventName, fact: SQL): SQL | null {
    const handlers = this.statementHandlers.get(name) ?? [];
    if (handlers.length === 0) return null;
    return sql.join(
      handlers.map((handler, i) => handler(fact, `s${i}`)),
      sql`, `,
    );
  }
}
