import { EQUIPO_LABELS, formatDateTime, type SolicitudSoporte } from '@nexbyte/shared';
import { useId } from 'react';
import { useSupportRequests } from '../api/get-support-requests';
import { PriorityBadge } from './badges';
import { AdminQueryState } from './load-state';
import { AdminPageHeader } from './page-header';

export const LOAD_SUPPORT_REQUESTS_ERROR = 'No se pudieron cargar las solicitudes de soporte.';

/**
 * SPEC.md point 2, admin support requests, newest first. What the public wrote is rendered as
 * text by React, never as HTML.
 */
export function SupportRequests() {
  const requests = useSupportRequests();
  return (
    <>
      <AdminPageHeader title="Solicitudes de soporte" />
      <AdminQueryState query={requests} errorMessage={LOAD_SUPPORT_REQUESTS_ERROR}>
        {(data) =>
          data.length === 0 ? (
            <p className="admin-empty">No hay solicitudes.</p>
          ) : (
            <SupportTable requests={data} />
          )
        }
      </AdminQueryState>
    </>
  );
}

function SupportTable({ requests }: { requests: SolicitudSoporte[] }) {
  const captionId = useId();
  return (
    <div className="table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="table admin-table">
        <caption id={captionId} className="visually-hidden">
          Solicitudes de soporte, de la más reciente a la más antigua
        </caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              ID
            </th>
            <th scope="col">Fecha</th>
            <th scope="col">Cliente</th>
            <th scope="col">Correo</th>
            <th scope="col">Prioridad</th>
            <th scope="col">Equipo</th>
            <th scope="col">Descripción</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request.id}>
              <td className="num">{request.id}</td>
              <td className="admin-table__nowrap">
                <time dateTime={request.fechaCreacion}>
                  {formatDateTime(request.fechaCreacion)}
                </time>
              </td>
              <th scope="row">
                {request.nombreCliente}
                {request.telefonoCliente && (
                  <span className="admin-table__detail">{request.telefonoCliente}</span>
                )}
                <span className="admin-table__detail">
                  {[request.direccion, request.comuna, request.region].filter(Boolean).join(', ')}
                </span>
              </th>
              <td>
                <a href={`mailto:${request.emailCliente}`}>{request.emailCliente}</a>
              </td>
              <td>
                <PriorityBadge prioridad={request.prioridad} />
              </td>
              <td className="admin-table__nowrap">{EQUIPO_LABELS[request.equipo]}</td>
              <td className="admin-table__text">
                {request.descripcionProblema}
                {request.serviciosRequeridos.length > 0 && (
                  <span className="admin-table__detail">
                    Servicios: {request.serviciosRequeridos.join(', ')}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
