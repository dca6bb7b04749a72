import {
  formatCLP,
  TIPO_COMPONENTE_LABEL,
  type Armado,
  type TipoComponente,
} from '@nexbyte/shared';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { QueryState } from '../../../components/ui/query-state';
import { useSession } from '../../../lib/use-session';
import { isBuildNotFound, useBuild } from '../api/get-build';
import { builderPath, chosenFromParts } from '../build-params';
import '../pc-builder.css';
import { specLine } from '../spec-line';
import { BuildReview } from './build-review';
import { RecommendBuildForm } from './recommend-build-form';

export const BUILD_NOT_FOUND = 'No encontramos ese armado. Puede que lo hayan borrado.';

/** The title of a saved build's page. */
export const sharedBuildTitle = (armado: Pick<Armado, 'titulo'>) =>
  armado.titulo ?? 'Armado de PC compartido';

/** /arma-tu-pc/b/{codigo}: a saved build, open to anyone with its link. */
export function SharedBuild({ codigo }: { codigo: string }) {
  const build = useBuild(codigo);
  return (
    <QueryState
      query={build}
      loading="Cargando armado…"
      errorMessage={(error) =>
        isBuildNotFound(error) ? BUILD_NOT_FOUND : 'No se pudo cargar el armado.'
      }
      errorHeading={<h1>Armado de PC</h1>}
    >
      {(armado) => <SharedBuildView armado={armado} />}
    </QueryState>
  );
}

function SharedBuildView({ armado }: { armado: Armado }) {
  const session = useSession();
  return (
    <div className="shared-build">
      <h1>{sharedBuildTitle(armado)}</h1>
      {armado.piezas.length === 0 ? (
        <p>Las piezas de este armado ya no están a la venta.</p>
      ) : (
        <table className="shared-build__table">
          <caption className="visually-hidden">Piezas del armado</caption>
          <thead>
            <tr>
              <th scope="col">Pieza</th>
              <th scope="col">Producto</th>
              <th scope="col" className="shared-build__price">
                Precio
              </th>
            </tr>
          </thead>
          <tbody>
            {armado.piezas.map((part, index) => (
              <tr key={`${part.id}-${index}`}>
                <td>
                  {part.componente
                    ? TIPO_COMPONENTE_LABEL[part.componente.tipo as TipoComponente]
                    : ''}
                </td>
                <td>
                  <Link to={`/productos/detalle/${part.id}`}>{part.nombre}</Link>
                  <span className="muted builder-spec">{specLine(part.componente)}</span>
                </td>
                <td className="shared-build__price">{formatCLP(part.precio)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {armado.piezasNoDisponibles > 0 && (
        <Alert tone="warning">
          {armado.piezasNoDisponibles === 1
            ? 'Una pieza de este armado ya no está a la venta.'
            : `${armado.piezasNoDisponibles} piezas de este armado ya no están a la venta.`}
        </Alert>
      )}
      <BuildReview total={armado.total} revision={armado.revision} />
      <p>
        <Link className="button" to={builderPath(chosenFromParts(armado.piezas))}>
          Abrir en Arma tu PC
        </Link>
      </p>
      {session?.user.role === 'ADMIN' && <RecommendBuildForm armado={armado} />}
    </div>
  );
}
