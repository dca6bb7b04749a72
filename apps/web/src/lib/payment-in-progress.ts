// The buyer left for Webpay with a new order and the cart already emptied. Should they come back
// by the browser's back button instead of Webpay's return, the empty checkout points to the order
// that still waits for its payment. The order's page forgets it once it has been seen.
import { readString, removeKey, TAB_KEYS, writeString } from './storage';

export function rememberPaymentInProgress(numero: string): void {
  writeString(TAB_KEYS.paymentInProgress, numero, { area: 'tab' });
}

export function paymentInProgress(): string | null {
  return readString(TAB_KEYS.paymentInProgress, { area: 'tab' });
}

export function forgetPaymentInProgress(numero: string): void {
  if (paymentInProgress() === numero) removeKey(TAB_KEYS.paymentInProgress, { area: 'tab' });
}
