import {
  EQUIPO_LABELS,
  ESTADO_TICKET_LABELS,
  ESTADOS_TICKET,
  formatDateTime,
  pluralize,
  PRIORIDAD_LABELS,
  PRIORIDADES,
  TIPO_TICKET_LABELS,
  TIPOS_TICKET,
  type EstadoTicket,
  type Prioridad,
  type TicketResumen,
  type TipoTicket,
} from '@nexbyte/shared';
import { useCallback, useId } from 'react';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../../components/ui/admin-page-header';
import { Alert } from '../../../../components/ui/alert';
import { Badge } from '../../../../components/ui/badge';
import { AdminPagedList } from '../../../../components/ui/paged-list';
import { QueryLoading } from '../../../../components/ui/query-state';
import { SearchField } from '../../../../components/ui/search-field';
import { readPage } from '../../../../lib/use-page-param';
import { useDebouncedDraft } from '../../../../lib/use-debounced-draft';
import { useSearchParamsUpdate } from '../../../../lib/use-search-params-update';
import { TicketStateBadge } from '../../components/ticket-state-badge';
import { useDeskSummary } from '../api/get-desk-summary';
import { useTickets } from '../api/get-tickets';
import type { DeskFilter } from '../api/query-keys';
import { PriorityBadge } from './priority-badge';
import { LOAD_SUPPORT_REQUESTS_ERROR, SupportTable } from './support-requests';
import '../support-desk.css';

export const LOAD_DESK_SUMMARY_ERROR = 'No se pudieron cargar las cifras de soporte.';

const pick = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((item) => item === value);

/** The desk's filters from the address; anything unknown is no filter. */
export function readDeskFilter(params: URLSearchParams): DeskFilter {
  const q = params.get('q')?.trim();
  return {
    estado: pick(ESTADOS_TICKET, params.get('estado')),
    tipo: pick(TIPOS_TICKET, params.get('tipo')),
    prioridad: pick(PRIORIDADES, params.get('prioridad')),
    q: q ? q : undefined,
    atrasado: params.get('atrasado') === 'true' ? true : undefined,
    pagina: readPage(params),
  };
}

type FilterName = 'estado' | 'tipo' | 'prioridad' | 'q' | 'atrasado' | 'vista';
interface FilterOptions {
  replace?: boolean;
  /** Another filter dropped in the same step ('Todas' clears the state and the overdue flag). */
  alsoClear?: FilterName;
}
type SetFilter = (name: FilterName, value: string | undefined, options?: FilterOptions) => void;

/**
 * /admin/soporte: the repair desk. Counts by state (each one a filter), the filters kept in the
 * address so a reload or a shared link shows the same list, and the tickets, newest first, each
 * to its page. 'Vista tabla' shows the same requests as the spec's table.
 */
export function SupportDesk() {
  const [params, update] = useSearchParamsUpdate();
  const filter = readDeskFilter(params);
  const asTable = params.get('vista') === 'tabla';
  const tickets = useTickets(filter);

  const setFilter = useCallback(
    (name: FilterName, value: string | undefined, options: FilterOptions = {}) =>
      update(
        (next) => {
          if (value) next.set(name, value);
          else next.delete(name);
          if (options.alsoClear) next.delete(options.alsoClear);
          next.delete('pagina');
        },
        { replace: options.replace ?? false },
      ),
    [update],
  );
  const setPagina = useCallback(
    (pagina: number, options?: { replace?: boolean }) =>
      update((next) => {
        if (pagina <= 1) next.delete('pagina');
        else next.set('pagina', String(pagina));
      }, options),
    [update],
  );

  return (
    <>
      <AdminPageHeader
        title="Solicitudes de soporte"
        action={
          <button
            type="button"
            className="button button--ghost"
            aria-pressed={asTable}
            onClick={() => setFilter('vista', asTable ? undefined : 'tabla')}
          >
            Vista tabla
          </button>
        }
      />
      <DeskCounts filter={filter} onFilter={setFilter} />
      <DeskFilters filter={filter} onFilter={setFilter} />
      <AdminPagedList
        query={tickets}
        errorMessage={LOAD_SUPPORT_REQUESTS_ERROR}
        pagina={filter.pagina}
        onPage={setPagina}
        pagerLabel="Páginas de solicitudes"
      >
        {(page) =>
          page.total === 0 ? (
            <p className="admin-empty">No hay solicitudes.</p>
          ) : (
            <>
              <p className="admin-count" role="status">
                {pluralize(page.total, 'solicitud', 'solicitudes')}
              </p>
              {asTable ? (
                <SupportTable requests={page.items} />
              ) : (
                <TicketList tickets={page.items} />
              )}
            </>
          )
        }
      </AdminPagedList>
    </>
  );
}

function DeskCounts({ filter, onFilter }: { filter: DeskFilter; onFilter: SetFilter }) {
  const summary = useDeskSummary();
  if (summary.isPending) return <QueryLoading />;
  if (summary.isError) return <Alert tone="danger">{LOAD_DESK_SUMMARY_ERROR}</Alert>;
  const { porEstado, total, atrasados } = summary.data;
  const shown = ESTADOS_TICKET.filter((estado) => (porEstado[estado] ?? 0) > 0);
  return (
    <ul className="desk-counts" aria-label="Solicitudes por estado">
      <li>
        <button
          type="button"
          className="desk-count"
          aria-pressed={!filter.estado && !filter.atrasado}
          onClick={() => onFilter('estado', undefined, { alsoClear: 'atrasado' })}
        >
          <span className="desk-count__value">{total}</span> Todas
        </button>
      </li>
      {shown.map((estado) => (
        <li key={estado}>
          <button
            type="button"
            className="desk-count"
            aria-pressed={filter.estado === estado}
            onClick={() => onFilter('estado', filter.estado === estado ? undefined : estado)}
          >
            <span className="desk-count__value">{porEstado[estado]}</span>{' '}
            {ESTADO_TICKET_LABELS[estado]}
          </button>
        </li>
      ))}
      <li>
        <button
          type="button"
          className={atrasados > 0 ? 'desk-count desk-count--alert' : 'desk-count'}
          aria-pressed={filter.atrasado === true}
          onClick={() => onFilter('atrasado', filter.atrasado ? undefined : 'true')}
        >
          <span className="desk-count__value">{atrasados}</span> Atrasadas
        </button>
      </li>
    </ul>
  );
}

function DeskFilters({ filter, onFilter }: { filter: DeskFilter; onFilter: SetFilter }) {
  const ids = useId();
  const search = useDebouncedDraft(filter.q ?? '', (q) =>
    onFilter('q', q.trim() || undefined, { replace: true }),
  );
  return (
    <div className="desk-filters">
      <div className="form-field">
        <label htmlFor={`${ids}-estado`} className="form-field__label">
          Estado
        </label>
        <select
          id={`${ids}-estado`}
          value={filter.estado ?? ''}
          onChange={(event) => onFilter('estado', event.target.value || undefined)}
        >
          <option value="">Todos</option>
          {ESTADOS_TICKET.map((estado) => (
            <option key={estado} value={estado}>
              {ESTADO_TICKET_LABELS[estado]}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={`${ids}-tipo`} className="form-field__label">
          Tipo
        </label>
        <select
          id={`${ids}-tipo`}
          value={filter.tipo ?? ''}
          onChange={(event) => onFilter('tipo', (event.target.value as TipoTicket) || undefined)}
        >
          <option value="">Todos</option>
          {TIPOS_TICKET.map((tipo) => (
            <option key={tipo} value={tipo}>
              {TIPO_TICKET_LABELS[tipo]}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={`${ids}-prioridad`} className="form-field__label">
          Prioridad
        </label>
        <select
          id={`${ids}-prioridad`}
          value={filter.prioridad ?? ''}
          onChange={(event) =>
            onFilter('prioridad', (event.target.value as Prioridad) || undefined)
          }
        >
          <option value="">Todas</option>
          {PRIORIDADES.map((prioridad) => (
            <option key={prioridad} value={prioridad}>
              {PRIORIDAD_LABELS[prioridad]}
            </option>
          ))}
        </select>
      </div>
      <SearchField
        className="form-field desk-filters__search"
        label="Buscar"
        placeholder="Número, nombre, correo o problema"
        value={search.draft}
        onChange={search.setDraft}
      />
      <label className="support-option desk-filters__late">
        <input
          type="checkbox"
          checked={filter.atrasado === true}
          onChange={(event) => onFilter('atrasado', event.target.checked ? 'true' : undefined)}
        />
        Solo atrasadas
      </label>
    </div>
  );
}

function TicketList({ tickets }: { tickets: TicketResumen[] }) {
  return (
    <ul className="desk-list">
      {tickets.map((ticket) => (
        <li key={ticket.id} className="desk-list__item">
          <div className="desk-list__main">
            <Link to={`/admin/soporte/${ticket.id}`} className="desk-list__number">
              {ticket.numero}
            </Link>
            <span>{ticket.nombreCliente}</span>
            <span className="desk-list__detail">
              {EQUIPO_LABELS[ticket.equipo]} · {TIPO_TICKET_LABELS[ticket.tipo]} ·{' '}
              <time dateTime={ticket.fechaCreacion}>{formatDateTime(ticket.fechaCreacion)}</time>
            </span>
          </div>
          <div className="desk-list__badges">
            <PriorityBadge prioridad={ticket.prioridad} />
            <TicketStateBadge estado={ticket.estado as EstadoTicket} />
            {ticket.atrasado && <Badge tone="danger">Atrasada</Badge>}
          </div>
        </li>
      ))}
    </ul>
  );
}
