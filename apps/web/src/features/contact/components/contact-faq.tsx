import { CONTACT_FAQS } from '../support-channels';
import '../contact.css';

export function ContactFaq() {
  return (
    <section className="contact-faq" aria-labelledby="preguntas-frecuentes">
      <h2 id="preguntas-frecuentes">Preguntas frecuentes</h2>
      {CONTACT_FAQS.map((faq) => (
        <details key={faq.question} className="contact-faq__item">
          <summary>{faq.question}</summary>
          <p>{faq.answer}</p>
        </details>
      ))}
    </section>
  );
}
