import { Link } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title';
import { FaqBrowser } from '../../features/help/components/faq-browser';
import { FAQS, SUPPORT_HOURS } from '../../features/help/faqs';

export default function HelpRoute() {
  return (
    <div className="container page">
      <DocumentTitle>Ayuda</DocumentTitle>
      <h1>Ayuda</h1>
      <p className="help-lead">
        Preguntas frecuentes sobre envíos, devoluciones, garantía, pagos y soporte técnico.
      </p>
      <FaqBrowser faqs={FAQS} />
      <section className="help-more" aria-labelledby="help-more-title">
        <h2 id="help-more-title">¿No encontraste tu respuesta?</h2>
        <p>
          Te atendemos de {SUPPORT_HOURS}. <Link to="/contacto">Escríbenos</Link> o{' '}
          <Link to="/soporte">solicita soporte técnico</Link> para tu equipo.
        </p>
      </section>
    </div>
  );
}
