import { formatCLP } from '@nexbyte/shared';
import type { MailContent } from '../notifications/templates/mail-content';

export interface RestockedProduct {
  nombre: string;
  precio: number;
}

/** The e-mail that tells an address the product it waited for is back (docs/product.md#stock-alerts). */
export function restockContent(
  to: string,
  product: RestockedProduct,
  productUrl: string,
  unsubscribeUrl: string,
): MailContent {
  return {
    to,
    subject: `Llegó ${product.nombre}`,
    heading: `Llegó ${product.nombre}`,
    blocks: [
      {
        kind: 'p',
        text: 'Nos pediste que te avisáramos cuando volviera a haber stock de este producto. Ya está disponible, mientras duren las unidades.',
      },
      { kind: 'facts', rows: [['Precio', formatCLP(product.precio)]] },
      { kind: 'action', label: 'Ver el producto', url: productUrl },
      {
        kind: 'p',
        text: `Te escribimos solo esta vez. Si no quieres más avisos de productos que llegan, date de baja con un clic: ${unsubscribeUrl}`,
      },
    ],
  };
}
