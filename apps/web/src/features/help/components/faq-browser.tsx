import { pluralize } from '@nexbyte/shared';
import { useId, useState } from 'react';
import { ChipGroup, type ChipOption } from '../../../components/ui/chip-group';
import { SearchField } from '../../../components/ui/search-field';
import { Link } from 'react-router';
import { FAQ_CATEGORIES, type Faq, type FaqCategory } from '../faqs';
import { searchFaqs } from '../search-faqs';
import '../help.css';

/** The FAQ with a category filter and a search box, grouped by category. */
export function FaqBrowser({ faqs }: { faqs: readonly Faq[] }) {
  const [category, setCategory] = useState<FaqCategory | null>(null);
  const [query, setQuery] = useState('');
  const results = searchFaqs(faqs, { category, query });
  const groups = FAQ_CATEGORIES.map((name) => ({
    name,
    faqs: results.filter((faq) => faq.category === name),
  })).filter((group) => group.faqs.length > 0);

  const chips: ChipOption<FaqCategory | null>[] = [
    { label: 'Todas', value: null },
    ...FAQ_CATEGORIES.map((value) => ({ label: value, value })),
  ];

  return (
    <>
      <div className="faq-filters">
        <ChipGroup label="Temas" options={chips} value={category} onChange={setCategory} />
        <SearchField
          className="faq-search"
          label="Buscar en la ayuda"
          value={query}
          placeholder="Ej.: retracto, envío gratis, transferencia"
          onChange={setQuery}
        />
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
