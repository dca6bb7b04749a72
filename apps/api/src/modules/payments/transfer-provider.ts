import { ProviderError, type PaymentProvider } from './provider';

/**
 * The bank transfer as a provider: nothing to start (the bank details go with the order), and
 * nothing to ask a provider about. An admin confirms it by marking the order PAGADO and gives the
 * money back by hand, so confirm, status and refund have no provider to call.
 */
export const transferProvider: PaymentProvider = {
  method: 'TRANSFERENCIA',
  start: () => Promise.resolve(null),
  confirm: () =>
    Promise.reject(new ProviderError('refused', 'la transferencia la confirma un administrador')),
  status: () =>
    Promise.reject(new ProviderError('refused', 'la transferencia no tiene estado en línea')),
  refund: () => Promise.reject(new ProviderError('refused', 'la transferencia se devuelve a mano')),
};
