import { ContactChannels } from '../../features/contact/components/contact-channels';
import { ContactFaq } from '../../features/contact/components/contact-faq';
import { ContactForm } from '../../features/contact/components/contact-form';
import { ContactLocation } from '../../features/contact/components/contact-location';

export default function ContactRoute() {
  return (
    <div className="container page">
      <h1>Contacto</h1>
      <p className="contact-lead">
        ¿Tienes una duda sobre un producto, un pedido o tu equipo? Escríbenos y te responderemos a
        la brevedad.
      </p>
      <div className="contact-layout">
        <section className="contact-panel" aria-labelledby="escribenos">
          <h2 id="escribenos">Escríbenos</h2>
          <ContactForm />
        </section>
        <div>
          <ContactChannels />
          <ContactLocation />
        </div>
      </div>
      <ContactFaq />
    </div>
  );
}
