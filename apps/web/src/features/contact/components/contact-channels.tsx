import { SUPPORT_EMAIL, SUPPORT_HOURS, WHATSAPP_DISPLAY, WHATSAPP_URL } from '../support-channels';
import '../contact.css';

export function ContactChannels() {
  return (
    <section className="contact-panel" aria-labelledby="canales-de-atencion">
      <h2 id="canales-de-atencion">Canales de atención</h2>
      <dl className="contact-channels">
        <div>
          <dt>Correo de soporte</dt>
          <dd>
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </dd>
        </div>
        <div>
          <dt>WhatsApp</dt>
          <dd>
            <a href={WHATSAPP_URL} target="_blank" rel="noopener noreferrer">
              {WHATSAPP_DISPLAY}
              <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
            </a>
          </dd>
        </div>
        <div>
          <dt>Horario</dt>
          <dd>{SUPPORT_HOURS}</dd>
        </div>
      </dl>
    </section>
  );
}
