import { useNewsletterSummary } from '../api/get-newsletter-summary';
import {
  DOWNLOAD_FAILED_MESSAGE,
  useDownloadSubscribersCsv,
} from '../api/download-subscribers-csv';
import '../newsletter.css';

export const LOAD_SUMMARY_ERROR = 'No se pudo cargar el número de suscriptores.';

/** For the admin dashboard: how many subscribers there are, and the list as CSV. */
export function NewsletterSubscribersCard() {
  const summary = useNewsletterSummary();
  const download = useDownloadSubscribersCsv();

  let value;
  if (summary.isPending) value = <span className="newsletter-card__hint">Cargando…</span>;
  else if (summary.isError)
    value = <span className="newsletter-card__hint">{LOAD_SUMMARY_ERROR}</span>;
  else value = <span className="newsletter-card__value">{summary.data.suscriptores}</span>;

  return (
    <section className="newsletter-card" aria-labelledby="newsletter-card-title">
      {value}
      <h2 id="newsletter-card-title" className="newsletter-card__label">
        Suscriptores del newsletter
      </h2>
      <p className="newsletter-card__hint">
        Correos activos; quienes se dieron de baja no cuentan.
      </p>
      <button
        type="button"
        className="button button--small"
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        {download.isPending ? 'Descargando…' : 'Descargar CSV'}
      </button>
      {download.isError && (
        <p className="newsletter-card__error" role="alert">
          {DOWNLOAD_FAILED_MESSAGE}
        </p>
      )}
    </section>
  );
}
