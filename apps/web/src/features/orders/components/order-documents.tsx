import {
  documentLabel,
  formatCLP,
  formatDate,
  type ClaseDocumento,
  type DocumentoTributario,
  type EstadoDocumento,
} from '@nexbyte/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { QueryError, QueryLoading } from '../../../components/ui/query-state';
import { useSession } from '../../../lib/use-session';
import { useOrderDocuments } from '../api/get-order-documents';
import '../orders.css';

export const LOAD_DOCUMENTS_ERROR = 'No pudimos cargar los documentos tributarios del pedido.';

/** A document's state as the admin reads it beside the folio. */
export const ESTADO_DOCUMENTO_LABELS: Record<EstadoDocumento, string> = {
  PENDIENTE: 'En emisión',
  EMITIDO: 'Emitido',
  RECHAZADO: 'Rechazado',
  ANULADO: 'Anulado',
};

const ESTADO_DOCUMENTO_TONES: Record<EstadoDocumento, BadgeTone> = {
  PENDIENTE: 'warning',
  EMITIDO: 'success',
  RECHAZADO: 'danger',
  ANULADO: 'neutral',
};

export function DocumentStateBadge({ estado }: { estado: EstadoDocumento }) {
  return <Badge tone={ESTADO_DOCUMENTO_TONES[estado]}>{ESTADO_DOCUMENTO_LABELS[estado]}</Badge>;
}

/** How a buyer names each document in a sentence ('Tu boleta se está emitiendo.'). */
const SHORT_NAMES: Record<ClaseDocumento, string> = {
  BOLETA: 'boleta',
  FACTURA: 'factura',
  NOTA_CREDITO: 'nota de crédito',
};

/**
 * What a credit note cancels: 'Boleta electrónica N° 120' when the order's list holds it, else
 * its folio alone; null for a boleta or factura.
 */
export function referencedDocument(
  document: DocumentoTributario,
  documents: readonly DocumentoTributario[],
): string | null {
  if (document.referenciaFolio === null) return null;
  const referenced = documents.find(
    (other) => other.clase !== 'NOTA_CREDITO' && other.folio === document.referenciaFolio,
  );
  return referenced
    ? documentLabel(referenced.clase, referenced.folio)
    : `folio ${document.referenciaFolio}`;
}

interface OrderDocumentsProps {
  numero: string;
  /** The guest's token for this order, or null for its customer. */
  access: string | null;
}

/**
 * The tax documents of a paid order, on its buyer's page: the boleta or factura as a link to its
 * PDF, and the credit note that cancelled it. Nothing at all while the shop issues none.
 */
export function OrderDocuments({ numero, access }: OrderDocumentsProps) {
  const viewer = useSession()?.user.id ?? null;
  const documents = useOrderDocuments(numero, access, viewer);
  if (documents.isSuccess && documents.data.items.length === 0) return null;
  return (
    <section className="order__section" aria-labelledby="order-documents">
      <h2 id="order-documents">Documentos tributarios</h2>
      {documents.isPending ? (
        <QueryLoading>Cargando los documentos…</QueryLoading>
      ) : documents.isError ? (
        <QueryError message={LOAD_DOCUMENTS_ERROR} onRetry={() => void documents.refetch()} />
      ) : (
        <ul className="order-documents">
          {documents.data.items.map((document) => (
            <li key={document.id}>
              <DocumentItem document={document} documents={documents.data.items} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DocumentItem({
  document,
  documents,
}: {
  document: DocumentoTributario;
  documents: readonly DocumentoTributario[];
}) {
  const name = SHORT_NAMES[document.clase];
  if (document.estado === 'PENDIENTE') return <p>Tu {name} se está emitiendo.</p>;
  if (document.estado === 'RECHAZADO') {
    return <p>Tu {name} aún no está lista: la estamos revisando y la verás aquí.</p>;
  }
  const referenced = referencedDocument(document, documents);
  const details = [
    document.emitidoAt && `Emitida el ${formatDate(document.emitidoAt)}`,
    formatCLP(document.total),
    referenced && `anula ${referenced}`,
    document.estado === 'ANULADO' && 'anulada por una nota de crédito',
  ].filter(Boolean);
  return (
    <p>
      {document.pdfUrl ? (
        <a href={document.pdfUrl} type="application/pdf" className="order-documents__link">
          {document.etiqueta}
        </a>
      ) : (
        <strong>{document.etiqueta}</strong>
      )}
      <span className="order-documents__detail">
        {details.join(' · ')}
        {!document.pdfUrl && ' · el PDF estará disponible en unos minutos'}
      </span>
    </p>
  );
}
