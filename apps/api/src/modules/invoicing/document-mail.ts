import {
  documentLabel,
  formatCLP,
  NOMBRES_DOCUMENTO,
  type ClaseDocumento,
  type Pedido,
} from '@nexbyte/shared';
import type { Mail } from '../mail/mailer';
import {
  renderMail,
  type Block,
  type MailContent,
  type ShopIdentity,
} from '../notifications/templates/mail-content';
import type { DocumentoRow } from './invoicing.repository';

/**
 * The buyer's e-mail once a document is issued: 'Tu boleta electrónica N° 123 del pedido
 * NB-000123', its amounts and the link to its PDF.
 */
export function documentMailContent(
  doc: DocumentoRow,
  order: Pedido,
  pdfLink: string,
  orderLink: string,
): MailContent {
  const clase = doc.clase as ClaseDocumento;
  const label = documentLabel(clase, doc.folio);
  const name = NOMBRES_DOCUMENTO[clase].toLowerCase();
  const total = Math.round(Number(doc.total));
  const facts: [string, string][] = [
    ['Documento', label],
    ['Pedido', order.numero],
    ...(clase === 'BOLETA'
      ? []
      : ([
          ['Neto', formatCLP(Math.round(Number(doc.neto)))],
          ['IVA (19 %)', formatCLP(Math.round(Number(doc.iva)))],
        ] as [string, string][])),
    ['Total', formatCLP(total)],
  ];
  const news =
    clase === 'NOTA_CREDITO'
      ? `Emitimos la ${name} que anula el documento de tu pedido ${order.numero}, que fue cancelado.`
      : `Emitimos la ${name} de tu pedido ${order.numero}.`;
  const blocks: Block[] = [
    { kind: 'p', text: news },
    { kind: 'facts', rows: facts },
    { kind: 'action', label: 'Descargar el PDF', url: pdfLink },
    { kind: 'p', text: `También puedes verlo desde tu pedido: ${orderLink}` },
  ];
  return {
    to: order.cliente.correo,
    subject: `Tu ${name} N° ${doc.folio} del pedido ${order.numero}`,
    heading: `Hola, ${order.cliente.nombre}:`,
    blocks,
  };
}

export function renderDocumentMail(content: MailContent, shop: ShopIdentity): Promise<Mail> {
  return renderMail(content, shop);
}
