import { EQUIPO_LABELS, formatDateTime, pluralize, type SolicitudSoporte } from '@nexbyte/shared';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { usePageParam } from '../../../../lib/use-page-param';
import { useSupportRequests } from '../api/get-support-requests';
import { PriorityBadge } from './priority-badge';
import { AdminPageHeader } from '../../../../components/ui/admin-page-header';
import { AdminPagedList } from '../../../../components/ui/paged-list';

export const LOAD_SUPPORT_REQUESTS_ERROR = 'No se pudieron cargar las solicitudes de soporte.';

/**
 * SPEC.md point 2, admin support requests, newest first. What the public wrote is rendered as
 * text by React, never as HTML.
 */
export function SupportRequests() {
  const [pagina, setPagina] = usePageParam();
  const requests = useSupportRequests(pagina);
  return (
    <>
      <AdminPageHeader title="Solicitudes de soporte" />
      <AdminPagedList
        query={requests}
        errorMessage={LOAD_SUPPORT_REQUESTS_ERROR}
        pagina={pagina}
        onPage={setPagina}
        pagerLabel="Páginas de solicitudes"
      >
        {(page) =>
          page.total === 0 ? (
            <p className="admin-empty">No hay solicitudes.</p>
          ) : (
            <>
              <p className="admin-count">{pluralize(page.total, 'solicitud', 'solicitudes')}</p>
              <SupportTable requests={page.items} />
            </>
          )
        }
      </AdminPagedList>
    </>
  );
}

const COLUMNS: Column<SolicitudSoporte>[] = [
  { header: 'ID', numeric: true, cell: (request) => request.id },
  {
    header: 'Fecha',
    className: 'admin-table__nowrap',
    cell: (request) => (
      <time dateTime={request.fechaCreacion}>{formatDateTime(request.fechaCreacion)}</time>
    ),
  },
  {
    header: 'Cliente',
    rowHeader: true,
    cell: (request) => (
      <>
        {request.nombreCliente}
        {request.telefonoCliente && (
          <span className="admin-table__detail">{request.telefonoCliente}</span>
        )}
        <span className="admin-table__detail">
          {[request.direccion, request.comuna, request.region].filter(Boolean).join(', ')}
        </span>
      </>
    ),
  },
  {
    header: 'Correo',
    cell: (request) => <a href={`mailto:${request.emailCliente}`}>{request.emailCliente}</a>,
  },
  { header: 'Prioridad', cell: (request) => <PriorityBadge prioridad={request.prioridad} /> },
  {
    header: 'Equipo',
    className: 'admin-table__nowrap',
    cell: (request) => EQUIPO_LABELS[request.equipo],
  },
  {
    header: 'Descripción',
    className: 'admin-table__text',
    cell: (request) => (
      <>
        {request.descripcionProblema}
        {request.serviciosRequeridos.length > 0 && (
          <span className="admin-table__detail">
            Servicios: {request.serviciosRequeridos.join(', ')}
          </span>
        )}
      </>
    ),
  },
];

function SupportTable({ requests }: { requests: SolicitudSoporte[] }) {
  return (
    <DataTable
      caption="Solicitudes de soporte, de la más reciente a la más antigua"
      columns={COLUMNS}
      rows={requests}
      rowKey={(request) => request.id}
      className="admin-table"
    />
  );
}
