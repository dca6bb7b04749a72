import type { MetodoPago, TipoReembolso } from '@nexbyte/shared';

/** Where the browser takes the buyer to pay: it posts `token_ws` = token to url. */
export interface PaymentStart {
  url: string;
  token: string;
}

/** What the shop asks a provider to charge: the server-computed total of one order. */
export interface Charge {
  /** Unique per attempt ('NB-000123-2'); Webpay calls it buy_order (26 characters at most). */
  buyOrder: string;
  sessionId: string;
  amount: number;
  returnUrl: string;
}

/** The provider's word on a transaction, reduced to what the shop acts on. */
export interface ProviderAnswer {
  /** Webpay's status: AUTHORIZED, FAILED, INITIALIZED, REVERSED, NULLIFIED, ... */
  status: string;
  responseCode: number | null;
  amount: number | null;
  authorizationCode: string | null;
  /** The card's last 4 digits: the only card data the shop keeps. */
  last4: string | null;
  paymentTypeCode: string | null;
  installments: number | null;
  transactionDate: string | null;
  /** The answer as stored with the payment event: known fields only, never more of the card. */
  record: Record<string, unknown>;
}

export interface RefundAnswer {
  type: TipoReembolso;
  amount: number;
  record: Record<string, unknown>;
}

/** The payment was approved: authorised with response code 0. */
export const isApproved = (answer: ProviderAnswer) =>
  answer.status === 'AUTHORIZED' && answer.responseCode === 0;

/**
 * A provider that did not answer in time, could not be reached, or refused the call. `timeout`
 * means the outcome is unknown (the provider may have acted): the caller must ask again later
 * instead of concluding anything.
 */
export class ProviderError extends Error {
  constructor(
    readonly reason: 'timeout' | 'unreachable' | 'refused',
    /** The provider's own message when it refused, for the payment event and the admin. */
    readonly providerMessage: string | null = null,
  ) {
    super(`proveedor de pago: ${reason}${providerMessage ? ` (${providerMessage})` : ''}`);
    this.name = 'ProviderError';
  }
}

/**
 * One way to take payments (decision 016). Webpay Plus redirects the buyer and confirms on their
 * return; a bank transfer starts nothing and is confirmed by an admin marking the order PAGADO.
 * Mercado Pago, Flow or Khipu would be further implementations of this interface.
 */
export interface PaymentProvider {
  readonly method: MetodoPago;
  /** Opens a transaction for the charge; null when the method needs no redirect (transfer). */
  start(charge: Charge): Promise<PaymentStart | null>;
  /** Confirms (commits) the transaction the buyer came back from. */
  confirm(token: string): Promise<ProviderAnswer>;
  /** Asks where a transaction stands without changing it. */
  status(token: string): Promise<ProviderAnswer>;
  /** Gives back `amount` of an approved payment. */
  refund(payment: { token: string; amount: number }, amount: number): Promise<RefundAnswer>;
}
