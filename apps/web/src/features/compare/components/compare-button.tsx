import { useToast } from '../../../components/ui/toast';
import { COMPARE_MESSAGES, useComparison, type ComparedProduct } from '../compare-store';

interface CompareButtonProps {
  product: ComparedProduct;
  /** Several buttons on one page: the product's name completes each one's accessible name. */
  nameInLabel?: boolean;
}

/**
 * 'Comparar' adds the product to the comparison, 'Quitar de comparar' takes it out; a fifth
 * product, or one of another category, is refused with the reason in a toast.
 */
export function CompareButton({ product, nameInLabel = false }: CompareButtonProps) {
  const { items, add, remove } = useComparison();
  const toast = useToast();
  const chosen = items.some((p) => p.id === product.id);

  const toggle = () => {
    if (chosen) {
      remove(product.id);
      return;
    }
    const result = add(product);
    if (result === 'full') toast.show({ type: 'error', message: COMPARE_MESSAGES.full });
    if (result === 'otherCategory') {
      toast.show({
        type: 'error',
        message: COMPARE_MESSAGES.otherCategory(
          items[0]!.categoria.nombre,
          product.categoria.nombre,
        ),
      });
    }
  };

  return (
    <button
      type="button"
      className="button button--ghost compare-button"
      aria-pressed={chosen}
      onClick={toggle}
    >
      {chosen ? 'Quitar de comparar' : 'Comparar'}
      {nameInLabel && ' '}
      {nameInLabel && <span className="visually-hidden">{product.nombre}</span>}
    </button>
  );
}
