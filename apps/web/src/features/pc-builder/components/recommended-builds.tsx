import { formatCLP, type Armado } from '@nexbyte/shared';
import { Link } from 'react-router';
import { useRecommendedBuilds } from '../api/get-recommended';
import { sharedBuildPath } from '../build-params';

/** The builds the shop recommends as starting points; nothing while there are none. */
export function RecommendedBuilds({ onStart }: { onStart: (armado: Armado) => void }) {
  const recommended = useRecommendedBuilds();
  const list = recommended.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="builder-recommended" aria-labelledby="armados-recomendados">
      <h2 id="armados-recomendados">Armados recomendados</h2>
      <ul className="builder-recommended__list">
        {list.map((armado) => (
          <li key={armado.codigo} className="builder-recommended__card">
            <h3>
              <Link to={sharedBuildPath(armado.codigo)}>{armado.titulo}</Link>
            </h3>
            <p className="muted">
              {armado.piezas.length} {armado.piezas.length === 1 ? 'pieza' : 'piezas'}
            </p>
            <p className="builder-recommended__total">{formatCLP(armado.total)}</p>
            <button type="button" className="button button--small" onClick={() => onStart(armado)}>
              Partir de este armado <span className="visually-hidden">{armado.titulo}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
