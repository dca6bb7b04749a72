import { formatCLP } from '@nexbyte/shared';
import type { Mail } from '../mail/mailer';
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
      { kind: 'p', text: 'Te escribimos solo esta vez por este producto.' },
    ],
  };
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Every alert e-mail ends with its one-click way out, a link in both parts. */
export function withAlertsUnsubscribe(mail: Mail, unsubscribeUrl: string): Mail {
  const line = 'Recibes este correo porque pediste un aviso de stock en Nexbyte.';
  return {
    ...mail,
    text: `${mail.text}\n\n--\n${line}\nPara no recibir más avisos: ${unsubscribeUrl}\n`,
    ...(mail.html
      ? {
          html: mail.html.replace(
            /<\/body>/,
            `<hr><p>${line} <a href="${escapeHtml(unsubscribeUrl)}">No quiero más avisos</a></p></body>`,
          ),
        }
      : {}),
  };
}
