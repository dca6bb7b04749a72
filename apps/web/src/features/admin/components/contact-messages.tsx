import { formatDateTime, type Contacto } from '@nexbyte/shared';
import { useId } from 'react';
import { useContactMessages } from '../api/get-contact-messages';
import { AdminQueryState } from './load-state';
import { AdminPageHeader } from './page-header';

export const LOAD_CONTACT_MESSAGES_ERROR = 'No se pudieron cargar los mensajes de contacto.';

/**
 * SPEC.md point 2, admin contact messages, newest first. What the public wrote is rendered as
 * text by React, never as HTML.
 */
export function ContactMessages() {
  const messages = useContactMessages();
  return (
    <>
      <AdminPageHeader title="Mensajes de contacto" />
      <AdminQueryState query={messages} errorMessage={LOAD_CONTACT_MESSAGES_ERROR}>
        {(data) =>
          data.length === 0 ? (
            <p className="admin-empty">No hay mensajes.</p>
          ) : (
            <ContactTable messages={data} />
          )
        }
      </AdminQueryState>
    </>
  );
}

function ContactTable({ messages }: { messages: Contacto[] }) {
  const captionId = useId();
  return (
    <div className="table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="table admin-table">
        <caption id={captionId} className="visually-hidden">
          Mensajes de contacto, del más reciente al más antiguo
        </caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              ID
            </th>
            <th scope="col">Fecha</th>
            <th scope="col">Nombre</th>
            <th scope="col">Correo</th>
            <th scope="col">Mensaje</th>
          </tr>
        </thead>
        <tbody>
          {messages.map((message) => (
            <tr key={message.id}>
              <td className="num">{message.id}</td>
              <td className="admin-table__nowrap">
                <time dateTime={message.fechaEnvio}>{formatDateTime(message.fechaEnvio)}</time>
              </td>
              <th scope="row">{message.nombre}</th>
              <td>
                <a href={`mailto:${message.email}`}>{message.email}</a>
              </td>
              <td className="admin-table__text">{message.mensaje}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
