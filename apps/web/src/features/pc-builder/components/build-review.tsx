import { formatCLP, PSU_MARGIN_PERCENT, PSU_STEP_W, type RevisionArmado } from '@nexbyte/shared';
import { Alert } from '../../../components/ui/alert';

/** The stated margin of the recommended power supply (docs/product.md#arma-tu-pc). */
export const PSU_MARGIN_TEXT = `consumo estimado + ${PSU_MARGIN_PERCENT} %, redondeado a los ${PSU_STEP_W} W siguientes`;

/** A build's total, consumption, recommended power supply, conflicts and warnings. */
export function BuildReview({ total, revision }: { total: number; revision: RevisionArmado }) {
  return (
    <>
      <dl className="builder-figures">
        <div>
          <dt>Total</dt>
          <dd className="builder-figures__total">{formatCLP(total)}</dd>
        </div>
        <div>
          <dt>Consumo estimado</dt>
          <dd>{revision.consumoEstimadoW} W</dd>
        </div>
        <div>
          <dt>Fuente recomendada</dt>
          <dd>
            {revision.fuenteRecomendadaW > 0 ? `${revision.fuenteRecomendadaW} W` : '—'}
            <span className="builder-figures__note">({PSU_MARGIN_TEXT})</span>
          </dd>
        </div>
      </dl>
      {revision.incompatibilidades.length > 0 && (
        <Alert tone="danger">
          <ul className="builder-notes">
            {revision.incompatibilidades.map((i) => (
              <li key={i.mensaje}>{i.mensaje}</li>
            ))}
          </ul>
        </Alert>
      )}
      {revision.advertencias.length > 0 && (
        <Alert tone="warning">
          <ul className="builder-notes">
            {revision.advertencias.map((a) => (
              <li key={a.mensaje}>{a.mensaje}</li>
            ))}
          </ul>
        </Alert>
      )}
    </>
  );
}
