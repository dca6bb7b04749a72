import type { Producto } from '@nexbyte/shared';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/ui/toast';
import { useCart } from '../../features/cart/cart-context';
import { partQueryOptions } from '../../features/pc-builder/api/get-part';
import { recommendedQueryOptions } from '../../features/pc-builder/api/get-recommended';
import { stepQueryOptions } from '../../features/pc-builder/api/get-step';
import { chosenFromParams, chosenIds } from '../../features/pc-builder/build-params';
import { nextOpenStep, PcBuilder } from '../../features/pc-builder/components/pc-builder';
import type { Prefetch } from '../prefetch';

/** What the page shows first: the recommended builds, the chosen parts and the open step's list. */
export const prefetch: Prefetch = async ({ request, queryClient }) => {
  const chosen = chosenFromParams(new URL(request.url).searchParams);
  const ids = chosenIds(chosen);
  const open = nextOpenStep(chosen);
  await Promise.all([
    queryClient.prefetchQuery(recommendedQueryOptions()),
    ...ids.map((id) => queryClient.prefetchQuery(partQueryOptions(id))),
    open ? queryClient.prefetchQuery(stepQueryOptions(open, ids)) : null,
  ]);
};

export default function PcBuilderRoute() {
  const cart = useCart();
  const toast = useToast();
  const navigate = useNavigate();

  /** The parts the server checked go into the cart as 'Añadir al carrito' puts them. */
  const addAll = (parts: Producto[]) => {
    const refused: string[] = [];
    for (const { id, nombre, precio, imagen, stock, categoria } of parts) {
      if (cart.add({ id, nombre, precio, imagen, stock, categoria }) !== 'added')
        refused.push(nombre);
    }
    if (refused.length === 0) {
      toast.show({
        type: 'success',
        title: 'Armado agregado al carrito',
        message: `${parts.length} ${parts.length === 1 ? 'pieza' : 'piezas'} en tu carrito.`,
      });
    } else {
      toast.show({
        type: 'info',
        title: 'Armado agregado al carrito',
        message: `No se agregaron más unidades de: ${refused.join(', ')} (sin stock suficiente o en el máximo por pedido).`,
      });
    }
    void navigate('/carrito');
  };

  return (
    <div className="container page">
      <h1>Arma tu PC</h1>
      <p className="builder-lead">
        Elige pieza por pieza: en cada paso ves solo las que calzan con lo que ya elegiste y tienen
        stock. Con «Ver incompatibles» te decimos por qué las demás no sirven.
      </p>
      <PcBuilder onAddAll={addAll} />
    </div>
  );
}
