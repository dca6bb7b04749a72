import { useMemo } from 'react';
import { Link } from 'react-router';
import { FaqBrowser } from '../../features/help/components/faq-browser';
import { faqsFor, SUPPORT_HOURS } from '../../features/help/faqs';
import { FALLBACK_PAYMENTS, usePaymentSettings } from '../../lib/shop-config';

export default function HelpRoute() {
  // Until GET /config answers, the answers name only the transfer, which is always on.
  const payments = usePaymentSettings() ?? FALLBACK_PAYMENTS;
  const faqs = useMemo(() => faqsFor(payments), [payments]);
  return (
    <div className="container page">
      <h1>Ayuda</h1>
      <p className="help-lead">
        Preguntas frecuentes sobre envíos, devoluciones, garantía, pagos y soporte técnico.
      </p>
      <FaqBrowser faqs={faqs} />
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
