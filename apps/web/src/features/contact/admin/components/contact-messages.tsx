import { formatDateTime, pluralize, type Contacto } from '@nexbyte/shared';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { usePageParam } from '../../../../lib/use-page-param';
import { useContactMessages } from '../api/get-contact-messages';
import { AdminPageHeader } from '../../../../components/ui/admin-page-header';
import { AdminPagedList } from '../../../../components/ui/paged-list';

export const LOAD_CONTACT_MESSAGES_ERROR = 'No se pudieron cargar los mensajes de contacto.';

/**
 * docs/product.md#admin-contact-messages, newest first. What the public wrote is rendered as
 * text by React, never as HTML.
 */
export function ContactMessages() {
  const [pagina, setPagina] = usePageParam();
  const messages = useContactMessages(pagina);
  return (
    <>
      <AdminPageHeader title="Mensajes de contacto" />
      <AdminPagedList
        query={messages}
        errorMessage={LOAD_CONTACT_MESSAGES_ERROR}
        pagina={pagina}
        onPage={setPagina}
        pagerLabel="Páginas de mensajes"
      >
        {(page) =>
          page.total === 0 ? (
            <p className="admin-empty">No hay mensajes.</p>
          ) : (
            <>
              <p className="admin-count">{pluralize(page.total, 'mensaje', 'mensajes')}</p>
              <ContactTable messages={page.items} />
            </>
          )
        }
      </AdminPagedList>
    </>
  );
}

const COLUMNS: Column<Contacto>[] = [
  { header: 'ID', numeric: true, cell: (message) => message.id },
  {
    header: 'Fecha',
    className: 'admin-table__nowrap',
    cell: (message) => (
      <time dateTime={message.fechaEnvio}>{formatDateTime(message.fechaEnvio)}</time>
    ),
  },
  { header: 'Nombre', rowHeader: true, cell: (message) => message.nombre },
  {
    header: 'Correo',
    cell: (message) => <a href={`mailto:${message.email}`}>{message.email}</a>,
  },
  { header: 'Mensaje', className: 'admin-table__text', cell: (message) => message.mensaje },
];

function ContactTable({ messages }: { messages: Contacto[] }) {
  return (
    <DataTable
      caption="Mensajes de contacto, del más reciente al más antiguo"
      columns={COLUMNS}
      rows={messages}
      rowKey={(message) => message.id}
      className="admin-table"
    />
  );
}
