import { pluralize } from '@nexbyte/shared';
import { useId, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { FAQ_CATEGORIES, type Faq, type FaqCategory } from '../faqs';
import { searchFaqs } from '../search-faqs';
import '../help.css';

/** The FAQ with a category filter and a search box, grouped by category. */
export function FaqBrowser({ faqs }: { faqs: readonly Faq[] }) {
  const [category, setCategory] = useState<FaqCategory | null>(null);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const results = searchFaqs(faqs, { category, query });
  const groups = FAQ_CATEGORIES.map((name) => ({
    name,
    faqs: results.filter((faq) => faq.category === name),
  })).filter((group) => group.faqs.length > 0);

  const clearOnEscape = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' || !query) return;
    event.preventDefault();
    setQuery('');
  };
  const chips: { label: string; value: FaqCategory | null }[] = [
    { label: 'Todas', value: null },
    ...FAQ_CATEGORIES.map((value) => ({ label: value, value })),
  ];

  return (
    <>
      <div className="faq-filters">
        <div className="chips" role="group" aria-label="Temas">
          {chips.map((chip) => (
            <button
              key={chip.label}
              type="button"
              className="chip"
              aria-pressed={category === chip.value}
              onClick={() => setCategory(chip.value)}
            >
              {chip.label}
            </button>
          ))}
        </div>
        <div className="faq-search">
          <label htmlFor={searchId}>Buscar en la ayuda</label>
          <input
            id={searchId}
            className="input"
            type="search"
            value={query}
            placeholder="Ej.: retracto, envío gratis, transferencia"
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={clearOnEscape}
          />
        </div>
      </div>
      <p className="faq-count" role="status">
        {pluralize(results.length, 'pregunta', 'preguntas')}
      </p>
      {groups.length > 0 ? (
        groups.map((group) => <FaqGroup key={group.name} name={group.name} faqs={group.faqs} />)
      ) : (
        <div className="faq-empty">
          <p>No encontramos preguntas con esos criterios.</p>
          <div className="actions">
            {query.trim() && (
              <button type="button" className="button button--small" onClick={() => setQuery('')}>
                Limpiar búsqueda
              </button>
            )}
            {category && (
              <button
                type="button"
                className="button button--small"
                onClick={() => setCategory(null)}
              >
                Ver todos los temas
              </button>
            )}
          </div>
        </div>
      )}
    </>
  );
}

function FaqGroup({ name, faqs }: { name: FaqCategory; faqs: Faq[] }) {
  const headingId = useId();
  return (
    <section className="faq-group" aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      {faqs.map((faq) => (
        <details key={faq.id} className="faq">
          <summary>{faq.question}</summary>
          <div className="faq__answer">
            {faq.answer.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {faq.link && (
              <p>
                <Link to={faq.link.to}>{faq.link.label}</Link>
              </p>
            )}
          </div>
        </details>
      ))}
    </section>
  );
}
