import { EQUIPO_LABELS, formatDateTime, type SolicitudSoporte } from '@nexbyte/shared';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { PriorityBadge } from './priority-badge';

export const LOAD_SUPPORT_REQUESTS_ERROR = 'No se pudieron cargar las solicitudes de soporte.';

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

/** The spec's table of requests (docs/product.md#admin-support-requests), also the desk's 'Vista tabla'. */
export function SupportTable({ requests }: { requests: SolicitudSoporte[] }) {
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
