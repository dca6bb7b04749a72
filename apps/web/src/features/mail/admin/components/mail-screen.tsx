import {
  ESTADO_CORREO_LABELS,
  ESTADOS_CORREO,
  formatDateTime,
  pluralize,
  type CorreoEnvio,
  type EstadoCorreo,
} from '@nexbyte/shared';
import { useCallback, type ReactNode } from 'react';
import { AdminPageHeader } from '../../../../components/ui/admin-page-header';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { FormField } from '../../../../components/ui/form-field';
import { AdminPagedList } from '../../../../components/ui/paged-list';
import { useToast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/error-message';
import { usePageParam } from '../../../../lib/use-page-param';
import { useSearchParamsUpdate } from '../../../../lib/use-search-params-update';
import { useMails } from '../api/get-mails';
import { useRetryMail } from '../api/retry-mail';
import '../mail.css';

export const LOAD_MAILS_ERROR = 'No se pudieron cargar los correos.';
export const RETRY_MAIL_ERROR = 'No se pudo reintentar el correo. Inténtalo de nuevo.';
/** What a waiting e-mail shows before its first attempt writes its recipient and subject. */
export const NOT_COMPOSED_YET = 'Se completa al enviarlo';

/** The filter's choices, in the plural of a list ('Todos' is every state). */
const FILTERS: Record<EstadoCorreo, string> = {
  pendiente: 'En espera',
  enviado: 'Enviados',
  fallido: 'Fallidos',
};

const TONES: Record<EstadoCorreo, BadgeTone> = {
  pendiente: 'warning',
  enviado: 'success',
  fallido: 'danger',
};

const isEstado = (value: string | null): value is EstadoCorreo =>
  ESTADOS_CORREO.includes(value as EstadoCorreo);

/**
 * /admin/correos (ADMIN): every e-mail the shop sends goes through a queue; here the owner sees
 * which went out, which wait for another attempt and which failed for good, and sends a failed
 * one again. The state and the page live in the address.
 */
export function MailScreen() {
  const [params, updateParams] = useSearchParamsUpdate();
  const [pagina, setPagina] = usePageParam();
  const estadoParam = params.get('estado');
  const estado = isEstado(estadoParam) ? estadoParam : undefined;
  const mails = useMails({ estado, pagina });

  // Another state starts again at its first page.
  const setEstado = useCallback(
    (value: string) => {
      updateParams(
        (next) => {
          if (isEstado(value)) next.set('estado', value);
          else next.delete('estado');
          next.delete('pagina');
        },
        { replace: true },
      );
    },
    [updateParams],
  );

  return (
    <>
      <AdminPageHeader title="Correos" />
      <div className="admin-toolbar mail-toolbar" role="search" aria-label="Filtrar correos">
        <FormField label="Estado">
          <select value={estado ?? ''} onChange={(event) => setEstado(event.target.value)}>
            <option value="">Todos</option>
            {ESTADOS_CORREO.map((value) => (
              <option key={value} value={value}>
                {FILTERS[value]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <AdminPagedList
        query={mails}
        errorMessage={LOAD_MAILS_ERROR}
        pagina={pagina}
        onPage={setPagina}
        pagerLabel="Páginas de correos"
      >
        {(page) =>
          page.total === 0 ? (
            <p className="admin-empty" role="status">
              No hay correos en este estado.
            </p>
          ) : (
            <>
              <p className="admin-count" role="status">
                {pluralize(page.total, 'correo', 'correos')}
              </p>
              <MailTable mails={page.items} />
            </>
          )
        }
      </AdminPagedList>
    </>
  );
}

function NotComposed() {
  return <span className="muted">{NOT_COMPOSED_YET}</span>;
}

function MailTable({ mails }: { mails: CorreoEnvio[] }) {
  const toast = useToast();
  const retry = useRetryMail();

  const send = (mail: CorreoEnvio) => {
    if (retry.isPending) return;
    retry.mutate(mail.id, {
      onSuccess: ({ message }) => toast.show({ type: 'success', message }),
      onError: (error) => {
        console.warn(`No se pudo reintentar el correo ${mail.id}:`, error);
        toast.show({ type: 'error', message: errorMessage(error, RETRY_MAIL_ERROR) });
      },
    });
  };

  const columns: Column<CorreoEnvio>[] = [
    {
      header: 'Para',
      label: 'Para',
      rowHeader: true,
      className: 'mail-table__address',
      cell: (mail) => (mail.para ? <Address address={mail.para} /> : <NotComposed />),
    },
    { header: 'Asunto', label: 'Asunto', cell: (mail) => mail.asunto ?? <NotComposed /> },
    { header: 'Tipo', label: 'Tipo', cell: (mail) => mail.tipo },
    {
      header: 'Estado',
      label: 'Estado',
      cell: (mail) => (
        <MailState
          mail={mail}
          retry={
            mail.estado === 'fallido' && (
              <button
                type="button"
                className="button button--small mail-table__retry"
                aria-disabled={retry.isPending}
                aria-label={`Reintentar el correo ${mail.id}: ${mail.tipo}`}
                onClick={() => send(mail)}
              >
                Reintentar
              </button>
            )
          }
        />
      ),
    },
    { header: 'Intentos', label: 'Intentos', numeric: true, cell: (mail) => mail.intentos },
    {
      header: 'Último error',
      label: 'Último error',
      className: 'mail-table__error',
      cell: (mail) => mail.ultimoError ?? '—',
    },
    {
      header: 'Fecha',
      label: 'Fecha',
      className: 'admin-table__nowrap',
      cell: (mail) => <time dateTime={mail.creadoAt}>{formatDateTime(mail.creadoAt)}</time>,
    },
  ];

  return (
    <DataTable
      caption="Correos de la tienda, del más reciente al más antiguo"
      columns={columns}
      rows={mails}
      rowKey={(mail) => mail.id}
      className="admin-table admin-table--cards mail-table"
    />
  );
}

/** An address that may break after its '@' rather than anywhere in it. */
function Address({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

/** The state's badge, when it was sent or is tried again, and 'Reintentar' for a failed one. */
function MailState({ mail, retry }: { mail: CorreoEnvio; retry: ReactNode }) {
  let detail: string | null = null;
  if (mail.estado === 'enviado' && mail.enviadoAt) {
    detail = `Enviado el ${formatDateTime(mail.enviadoAt)}`;
  } else if (mail.estado === 'pendiente' && mail.proximoIntentoAt) {
    detail = `Próximo intento: ${formatDateTime(mail.proximoIntentoAt)}`;
  }
  return (
    <span className="mail-table__state">
      <Badge tone={TONES[mail.estado]}>{ESTADO_CORREO_LABELS[mail.estado]}</Badge>
      {detail && <span className="admin-table__detail">{detail}</span>}
      {retry}
    </span>
  );
}
