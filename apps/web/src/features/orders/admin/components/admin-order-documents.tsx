import {
  formatCLP,
  formatDateTime,
  NOMBRES_DOCUMENTO,
  type DocumentoTributario,
} from '@nexbyte/shared';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { QueryError, QueryLoading } from '../../../../components/ui/query-state';
import { useToast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/error-message';
import {
  DocumentStateBadge,
  LOAD_DOCUMENTS_ERROR,
  referencedDocument,
} from '../../components/order-documents';
import { useAdminOrderDocuments } from '../api/get-order-documents';
import { RETRY_DOCUMENT_ERROR, useRetryDocument } from '../api/retry-document';
import '../admin-orders.css';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * An order's tax documents in its admin detail: class, folio, state, date and PDF; for one the
 * provider refused, its reason and 'Reintentar'. Nothing while the shop issues no documents.
 */
export function AdminOrderDocuments({ numero }: { numero: string }) {
  const documents = useAdminOrderDocuments(numero);
  if (documents.isSuccess && documents.data.items.length === 0) return null;
  return (
    <section className="admin-order__section" aria-labelledby="admin-order-documents">
      <h2 id="admin-order-documents">Documentos tributarios</h2>
      {documents.isPending ? (
        <QueryLoading>Cargando los documentos…</QueryLoading>
      ) : documents.isError ? (
        <QueryError message={LOAD_DOCUMENTS_ERROR} onRetry={() => void documents.refetch()} />
      ) : (
        <DocumentsTable numero={numero} documents={documents.data.items} />
      )}
    </section>
  );
}

function DocumentsTable({
  numero,
  documents,
}: {
  numero: string;
  documents: DocumentoTributario[];
}) {
  const toast = useToast();
  const retry = useRetryDocument();

  const send = (document: DocumentoTributario) => {
    if (retry.isPending) return;
    const name = lowerFirst(NOMBRES_DOCUMENTO[document.clase]);
    retry.mutate(
      { id: document.id, numero },
      {
        onSuccess: () =>
          toast.show({
            type: 'success',
            message: `La ${name} volvió a la cola de emisión; su estado se actualiza solo.`,
          }),
        onError: (error) => {
          console.warn(`No se pudo reintentar el documento ${document.id}:`, error);
          toast.show({ type: 'error', message: errorMessage(error, RETRY_DOCUMENT_ERROR) });
        },
      },
    );
  };

  const columns: Column<DocumentoTributario>[] = [
    {
      header: 'Documento',
      label: 'Documento',
      rowHeader: true,
      cell: (document) => {
        const referenced = referencedDocument(document, documents);
        return (
          // One element: on a phone the cell is a grid of its label and its content.
          <span>
            {NOMBRES_DOCUMENTO[document.clase]}
            {referenced && <span className="admin-orders__detail">Anula {referenced}</span>}
          </span>
        );
      },
    },
    { header: 'Folio', label: 'Folio', numeric: true, cell: (document) => document.folio ?? '—' },
    {
      header: 'Estado',
      label: 'Estado',
      cell: (document) => (
        <span className="admin-order__document-state">
          <DocumentStateBadge estado={document.estado} />
          {document.estado === 'RECHAZADO' && (
            <>
              {document.motivo && (
                <span className="admin-order__document-reason">{document.motivo}</span>
              )}
              <button
                type="button"
                className="button button--small"
                aria-disabled={retry.isPending}
                aria-label={`Reintentar la ${lowerFirst(NOMBRES_DOCUMENTO[document.clase])}`}
                onClick={() => send(document)}
              >
                Reintentar
              </button>
            </>
          )}
          {document.intentos !== undefined && document.intentos > 1 && (
            <span className="admin-orders__detail">{document.intentos} intentos</span>
          )}
        </span>
      ),
    },
    {
      header: 'Fecha',
      label: 'Fecha',
      className: 'admin-orders__nowrap',
      cell: (document) =>
        document.emitidoAt ? (
          <time dateTime={document.emitidoAt}>{formatDateTime(document.emitidoAt)}</time>
        ) : (
          '—'
        ),
    },
    {
      header: 'Total',
      label: 'Total',
      numeric: true,
      cell: (document) => formatCLP(document.total),
    },
    {
      header: 'PDF',
      label: 'PDF',
      cell: (document) =>
        document.pdfUrl ? (
          <a href={document.pdfUrl} type="application/pdf">
            {document.etiqueta}
          </a>
        ) : (
          <span className="muted">Sin PDF aún</span>
        ),
    },
  ];

  return (
    <DataTable
      caption={`Documentos tributarios del pedido ${numero}`}
      columns={columns}
      rows={documents}
      rowKey={(document) => document.id}
      className="admin-table admin-table--cards admin-order__documents"
    />
  );
}
