import {
  formatCLP,
  TIPO_COMPONENTE_LABEL,
  type Producto,
  type TipoComponente,
} from '@nexbyte/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { useStep } from '../api/get-step';
import { specLine } from '../spec-line';

export const stepHeadingId = (tipo: TipoComponente) => `paso-${tipo.toLowerCase()}`;

interface StepSectionProps {
  tipo: TipoComponente;
  number: number;
  /** The part chosen for this step, once loaded. */
  chosen: Producto | null;
  chosenId: number | undefined;
  /** The other steps' parts, which the list must fit. */
  otherIds: number[];
  open: boolean;
  onOpen: () => void;
  onChoose: (product: Producto) => void;
  onRemove: () => void;
  onSkip: () => void;
}

/** One step of the builder: its part, or the list of parts that fit with 'Ver incompatibles'. */
export function StepSection({
  tipo,
  number,
  chosen,
  chosenId,
  otherIds,
  open,
  onOpen,
  onChoose,
  onRemove,
  onSkip,
}: StepSectionProps) {
  const label = TIPO_COMPONENTE_LABEL[tipo];
  const headingId = stepHeadingId(tipo);
  return (
    <section
      className={`builder-step${open ? ' builder-step--open' : ''}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} tabIndex={-1} className="builder-step__title">
        <span className="builder-step__number">{number}.</span> {label}
      </h2>
      {chosen ? (
        <div className="builder-step__chosen">
          <p className="builder-step__chosen-name">
            <Link to={`/productos/detalle/${chosen.id}`}>{chosen.nombre}</Link>
            <span className="muted builder-spec">{specLine(chosen.componente)}</span>
          </p>
          <p className="builder-step__price">{formatCLP(chosen.precio)}</p>
          <div className="builder-step__actions">
            {!open && (
              <button type="button" className="button button--small button--ghost" onClick={onOpen}>
                Cambiar <span className="visually-hidden">{label.toLowerCase()}</span>
              </button>
            )}
            <button type="button" className="button button--small button--ghost" onClick={onRemove}>
              Quitar <span className="visually-hidden">{chosen.nombre}</span>
            </button>
          </div>
        </div>
      ) : (
        !open && (
          <p className="builder-step__empty">
            <span className="muted">Sin elegir.</span>{' '}
            <button type="button" className="button button--small button--ghost" onClick={onOpen}>
              Elegir {label.toLowerCase()}
            </button>
          </p>
        )
      )}
      {open && (
        <StepList
          tipo={tipo}
          otherIds={otherIds}
          chosenId={chosenId}
          onChoose={onChoose}
          onSkip={onSkip}
        />
      )}
    </section>
  );
}

function StepList({
  tipo,
  otherIds,
  chosenId,
  onChoose,
  onSkip,
}: Pick<StepSectionProps, 'tipo' | 'otherIds' | 'chosenId' | 'onChoose' | 'onSkip'>) {
  const step = useStep(tipo, otherIds, true);
  const [showOthers, setShowOthers] = useState(false);
  const othersId = useId();
  const label = TIPO_COMPONENTE_LABEL[tipo].toLowerCase();
  return (
    <QueryState
      query={step}
      loading="Cargando piezas compatibles…"
      errorMessage="No se pudieron cargar las piezas de este paso."
    >
      {(paso) => (
        <div className="builder-step__list">
          {paso.compatibles.length === 0 ? (
            <p>No hay piezas compatibles con stock para este paso.</p>
          ) : (
            <ul className="builder-parts" aria-label={`Piezas compatibles: ${label}`}>
              {paso.compatibles.map((part) => (
                <li key={part.id} className="builder-part">
                  <div className="builder-part__info">
                    <Link to={`/productos/detalle/${part.id}`}>{part.nombre}</Link>
                    <span className="muted builder-spec">{specLine(part.componente)}</span>
                  </div>
                  <span className="builder-part__price">{formatCLP(part.precio)}</span>
                  {part.id === chosenId ? (
                    <span className="builder-part__chosen">Elegida</span>
                  ) : (
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => onChoose(part)}
                    >
                      Elegir <span className="visually-hidden">{part.nombre}</span>
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <div className="builder-step__more">
            <button type="button" className="button button--small button--ghost" onClick={onSkip}>
              Omitir este paso
            </button>
            {paso.totalIncompatibles > 0 && (
              <button
                type="button"
                className="button button--small button--ghost"
                aria-expanded={showOthers}
                aria-controls={othersId}
                onClick={() => setShowOthers((v) => !v)}
              >
                {showOthers ? 'Ocultar incompatibles' : 'Ver incompatibles'} (
                {paso.totalIncompatibles})
              </button>
            )}
          </div>
          <div id={othersId} hidden={!showOthers}>
            {showOthers && (
              <ul
                className="builder-parts builder-parts--incompatible"
                aria-label={`Piezas incompatibles: ${label}`}
              >
                {paso.incompatibles.map(({ producto, motivos }) => (
                  <li key={producto.id} className="builder-part">
                    <div className="builder-part__info">
                      <Link to={`/productos/detalle/${producto.id}`}>{producto.nombre}</Link>
                      <span className="builder-part__reason">{motivos.join('. ')}</span>
                    </div>
                    <span className="builder-part__price">{formatCLP(producto.precio)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </QueryState>
  );
}
