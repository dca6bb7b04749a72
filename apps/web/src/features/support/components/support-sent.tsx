import type { SoporteCreado } from '@nexbyte/shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

/**
 * The private tracking link inside the shop (path and fragment, where the token goes), so the
 * router opens it without a reload; the full address is still shown to be copied or saved.
 */
function trackingPath(url: string): string {
  try {
    const { pathname, hash } = new URL(url, window.location.origin);
    return `${pathname}${hash}`;
  } catch {
    return url;
  }
}

/**
 * What the customer needs after sending: the ticket number and the private link, which is shown
 * only here and in the e-mail (the server keeps only its hash). Focus moves here so a screen
 * reader reads it and a keyboard user starts from it.
 */
export function SupportSent({ created }: { created: SoporteCreado }) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, [created]);

  return (
    <section
      ref={panel}
      className="support-sent"
      tabIndex={-1}
      aria-live="polite"
      aria-labelledby="soporte-enviada"
    >
      <h2 id="soporte-enviada">Solicitud {created.numero} recibida</h2>
      <p>
        Sigue el estado de tu solicitud en este enlace privado:{' '}
        <span className="support-sent__url">{created.seguimientoUrl}</span>
      </p>
      <p className="support-sent__hint">
        También te lo enviamos por correo. Cada correo nuestro trae un enlace nuevo que reemplaza al
        anterior: usa siempre el del correo más reciente.
      </p>
      <p>
        <Link className="button" to={trackingPath(created.seguimientoUrl)}>
          Ver el estado de mi solicitud
        </Link>
      </p>
    </section>
  );
}
