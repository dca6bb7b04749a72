// transbank-sdk (CommonJS) is loaded on the first payment (with axios, some 20 MB), not by every
// server that may never take one.
import type * as TransbankSdk from 'transbank-sdk';
import type { WebpayConfig } from '../../config';
import {
  ProviderError,
  type Charge,
  type PaymentProvider,
  type PaymentStart,
  type ProviderAnswer,
  type RefundAnswer,
} from './provider';

type Transaction = InstanceType<(typeof TransbankSdk)['WebpayPlus']['Transaction']>;

/** What Webpay Plus answers to commit and status (REST v1.2), as far as the shop reads it. */
interface WebpayTransaction {
  vci?: string;
  amount?: number;
  status?: string;
  buy_order?: string;
  card_detail?: { card_number?: string } | null;
  accounting_date?: string;
  transaction_date?: string;
  authorization_code?: string;
  payment_type_code?: string;
  response_code?: number;
  installments_number?: number;
  installments_amount?: number;
  balance?: number;
}

interface WebpayRefund {
  type?: string;
  authorization_code?: string;
  authorization_date?: string;
  nullified_amount?: number;
  balance?: number;
  response_code?: number;
}

const toNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const toText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** The card's last 4 digits, whatever Webpay sent in card_number (it sends only those). */
function lastFour(card: WebpayTransaction['card_detail']): string | null {
  const digits = (card?.card_number ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
}

/** Webpay's answer reduced to known fields: anything else it may add is not stored. */
export function readTransaction(body: WebpayTransaction): ProviderAnswer {
  const answer = {
    status: toText(body.status) ?? 'DESCONOCIDO',
    responseCode: toNumber(body.response_code),
    amount: toNumber(body.amount),
    authorizationCode: toText(body.authorization_code),
    last4: lastFour(body.card_detail),
    paymentTypeCode: toText(body.payment_type_code),
    installments: toNumber(body.installments_number),
    transactionDate: toText(body.transaction_date),
  };
  return {
    ...answer,
    record: {
      status: answer.status,
      response_code: answer.responseCode,
      amount: answer.amount,
      authorization_code: answer.authorizationCode,
      card_last4: answer.last4,
      payment_type_code: answer.paymentTypeCode,
      installments_number: answer.installments,
      transaction_date: answer.transactionDate,
      vci: toText(body.vci),
      buy_order: toText(body.buy_order),
    },
  };
}

/**
 * transbank-sdk throws a TransbankError whose message is axios's ("timeout of 8000ms exceeded",
 * "Request failed with status code 422") and, on the next line, Transbank's error_message.
 */
export function providerError(err: unknown): ProviderError {
  const text = err instanceof Error ? err.message : String(err);
  if (/timeout|ECONNABORTED|ETIMEDOUT/i.test(text)) return new ProviderError('timeout');
  const refused = /status code (\d{3})/.exec(text);
  if (refused) {
    const detail = text.split('\n')[1]?.trim() || null;
    return new ProviderError('refused', detail ? `${refused[1]}: ${detail}` : refused[1]);
  }
  return new ProviderError('unreachable');
}

/**
 * Webpay Plus through transbank-sdk v6 (REST). Every call is bounded by WEBPAY_TIMEOUT_MS: the
 * SDK's own default is ten minutes, and a stalled Transbank must not hold an order's transaction.
 */
export function webpayProvider(config: WebpayConfig): PaymentProvider {
  let loaded: Promise<Transaction> | undefined;
  const transaction = () =>
    (loaded ??= import('transbank-sdk').then((sdk) => {
      // Node's loader puts a CommonJS module under `default`; tsx, seeing its __esModule mark,
      // gives its exports as they are.
      const loadedSdk = sdk as unknown as { default?: typeof TransbankSdk } & typeof TransbankSdk;
      const transbank = loadedSdk.default ?? loadedSdk;
      return new transbank.WebpayPlus.Transaction(
        new transbank.Options(config.commerceCode, config.apiKey, config.apiUrl, config.timeoutMs),
      );
    }));
  // axios' time-out covers the answer; this one also covers a connection that never opens.
  const bounded = async <T>(call: (tx: Transaction) => Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ProviderError('timeout')), config.timeoutMs + 250);
    });
    try {
      return await Promise.race([transaction().then(call), expired]);
    } catch (err) {
      throw err instanceof ProviderError ? err : providerError(err);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    method: 'WEBPAY',
    async start(charge: Charge): Promise<PaymentStart> {
      const body = await bounded(
        (tx) =>
          tx.create(charge.buyOrder, charge.sessionId, charge.amount, charge.returnUrl) as Promise<{
            token?: string;
            url?: string;
          }>,
      );
      if (!body.token || !body.url) throw new ProviderError('refused', 'respuesta sin token');
      return { token: body.token, url: body.url };
    },
    async confirm(token) {
      return readTransaction(await bounded((tx) => tx.commit(token) as Promise<WebpayTransaction>));
    },
    async status(token) {
      return readTransaction(await bounded((tx) => tx.status(token) as Promise<WebpayTransaction>));
    },
    async refund(payment, amount): Promise<RefundAnswer> {
      const body = await bounded((tx) => tx.refund(payment.token, amount) as Promise<WebpayRefund>);
      const type =
        body.type === 'REVERSED' ? 'REVERSA' : body.type === 'NULLIFIED' ? 'ANULACION' : null;
      if (!type)
        throw new ProviderError('refused', `reembolso de tipo ${body.type ?? 'desconocido'}`);
      const refunded = type === 'ANULACION' ? (toNumber(body.nullified_amount) ?? amount) : amount;
      return {
        type,
        amount: refunded,
        record: {
          type: body.type,
          authorization_code: toText(body.authorization_code),
          authorization_date: toText(body.authorization_date),
          nullified_amount: toNumber(body.nullified_amount),
          balance: toNumber(body.balance),
          response_code: toNumber(body.response_code),
        },
      };
    },
  };
}
