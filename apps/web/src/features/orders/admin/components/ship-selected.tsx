import type { PedidoResumen } from '@nexbyte/shared';
import { useToast } from '../../../../components/ui/toast';
import { ApiError } from '../../../../lib/api-client';
import { useCreateShipments } from '../api/create-shipment';

/** The checkbox that picks a paid order for 'Crear envíos'. */
export function ShipCheckbox({
  order,
  selected,
  onToggle,
}: {
  order: PedidoResumen;
  selected: boolean;
  onToggle: (numero: string) => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={`Elegir ${order.numero} para crear su envío`}
      checked={selected}
      onChange={() => onToggle(order.numero)}
    />
  );
}

/** docs/product.md#admin-shipping: the carrier's transport orders of the chosen paid orders. */
export function ShipSelected({ numeros, onDone }: { numeros: string[]; onDone: () => void }) {
  const toast = useToast();
  const create = useCreateShipments();
  return (
    <div className="actions">
      <button
        type="button"
        className="button"
        aria-disabled={numeros.length === 0 || create.isPending}
        onClick={() => {
          if (numeros.length === 0 || create.isPending) return;
          create.mutate(numeros, {
            onSuccess: ({ resultados }) => {
              const made = resultados.filter((r) => r.ok).length;
              const failed = resultados.filter((r) => !r.ok);
              toast.show({
                type: failed.length > 0 ? 'error' : 'success',
                message: [
                  `${made} ${made === 1 ? 'envío creado' : 'envíos creados'}.`,
                  ...failed.map((r) => `${r.numero}: ${r.mensaje}`),
                ].join(' '),
              });
              onDone();
            },
            onError: (error) =>
              toast.show({
                type: 'error',
                title: 'No se pudieron crear los envíos',
                message: error instanceof ApiError ? error.message : 'Inténtalo de nuevo.',
              }),
          });
        }}
      >
        {create.isPending ? 'Creando envíos…' : `Crear envíos (${numeros.length})`}
      </button>
    </div>
  );
}
