import {
  COUPON_KIND_LABELS,
  formatCLP,
  formatDateTime,
  pluralize,
  type Cupon,
} from '@nexbyte/shared';
import { useId, useState } from 'react';
import { AdminPageHeader } from '../../../../components/ui/admin-page-header';
import { Badge } from '../../../../components/ui/badge';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { QueryState } from '../../../../components/ui/query-state';
import { useToast } from '../../../../components/ui/toast';
import { useCoupons, useSaveCoupon } from '../api/coupons';
import { CouponForm } from './coupon-form';
import '../coupons.css';

export const LOAD_COUPONS_ERROR = 'No se pudieron cargar los cupones.';

function valueText(c: Cupon): string {
  if (c.tipo === 'percent') return `${c.valor} %`;
  if (c.tipo === 'amount') return formatCLP(c.valor);
  return 'Envío gratis';
}

function validityText(c: Cupon): string {
  if (!c.validoDesde && !c.validoHasta) return 'Siempre';
  const from = c.validoDesde ? `desde ${formatDateTime(c.validoDesde)}` : '';
  const to = c.validoHasta ? `hasta ${formatDateTime(c.validoHasta)}` : '';
  return [from, to].filter(Boolean).join(' ');
}

/**
 * Cupones (ADMIN): every coupon with its rules and uses; create one or change it. The server
 * alone decides whether a code applies to an order (decision 021).
 */
export function CouponsScreen() {
  const coupons = useCoupons();
  const save = useSaveCoupon();
  const toast = useToast();
  return (
    <>
      <AdminPageHeader title="Cupones" />
      <section className="admin-card" aria-labelledby="nuevo-cupon">
        <h2 id="nuevo-cupon">Nuevo cupón</h2>
        <CouponForm
          submitLabel="Crear cupón"
          onSave={async (body) => {
            const created = await save.mutateAsync({ id: null, body });
            toast.show({
              type: 'success',
              title: 'Cupón creado',
              message: `${created.codigo} ya se puede usar.`,
            });
          }}
        />
      </section>
      <QueryState query={coupons} errorMessage={LOAD_COUPONS_ERROR}>
        {(list) => <CouponRows coupons={list} />}
      </QueryState>
    </>
  );
}

function CouponRows({ coupons }: { coupons: Cupon[] }) {
  const save = useSaveCoupon();
  const toast = useToast();
  const [editing, setEditing] = useState<Cupon | null>(null);
  const titleId = useId();
  if (coupons.length === 0) return <p className="admin-empty">Aún no hay cupones.</p>;
  const columns: Column<Cupon>[] = [
    { header: 'Código', rowHeader: true, cell: (c) => c.codigo },
    { header: 'Tipo', cell: (c) => COUPON_KIND_LABELS[c.tipo] },
    { header: 'Valor', cell: valueText },
    { header: 'Etiqueta', cell: (c) => c.label },
    { header: 'Vigencia', cell: validityText },
    { header: 'Compra mínima', numeric: true, cell: (c) => formatCLP(c.minimoSubtotal) },
    {
      header: 'Usos',
      numeric: true,
      cell: (c) => (c.limiteTotal ? `${c.usos} de ${c.limiteTotal}` : String(c.usos)),
    },
    {
      header: 'Estado',
      cell: (c) => (
        <Badge tone={c.activo ? 'success' : 'neutral'}>{c.activo ? 'Activo' : 'Inactivo'}</Badge>
      ),
    },
    {
      header: 'Acciones',
      className: 'admin-table__actions',
      cell: (c) => (
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={`Editar ${c.codigo}`}
          onClick={() => setEditing(c)}
        >
          Editar
        </button>
      ),
    },
  ];
  return (
    <>
      <p className="admin-count">{pluralize(coupons.length, 'cupón', 'cupones')}</p>
      <p className="admin-table__detail">
        Un pedido cancelado o vencido devuelve su uso del cupón.
      </p>
      <DataTable
        caption="Cupones"
        columns={columns}
        rows={coupons}
        rowKey={(c) => c.id}
        className="admin-table"
      />
      <ModalDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        aria-labelledby={titleId}
        className="coupon-dialog"
      >
        {editing && (
          <>
            <h2 id={titleId}>Editar {editing.codigo}</h2>
            <CouponForm
              key={editing.id}
              initial={editing}
              submitLabel="Guardar cambios"
              onCancel={() => setEditing(null)}
              onSave={async (body) => {
                const saved = await save.mutateAsync({ id: editing.id, body });
                toast.show({
                  type: 'success',
                  title: 'Cupón guardado',
                  message: `${saved.codigo} quedó actualizado.`,
                });
                setEditing(null);
              }}
            />
          </>
        )}
      </ModalDialog>
    </>
  );
}
