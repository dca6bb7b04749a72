import { AdminPageHeader } from '../../../../components/ui/admin-page-header';
import { QueryState } from '../../../../components/ui/query-state';
import { useToast } from '../../../../components/ui/toast';
import { useShippingSettings } from '../../../../lib/shipping-settings';
import { useUpdateShipping } from '../api/update-shipping';
import { ShippingForm } from './shipping-form';

export const LOAD_SHIPPING_ERROR = 'No se pudieron cargar los envíos.';

/** Envíos (ADMIN): the price of home delivery per región and the store's pickup point. */
export function ShippingScreen() {
  const settings = useShippingSettings();
  const update = useUpdateShipping();
  const toast = useToast();
  return (
    <>
      <AdminPageHeader title="Envíos" />
      <QueryState query={settings} errorMessage={LOAD_SHIPPING_ERROR}>
        {(data) => (
          <ShippingForm
            settings={data}
            onSave={async (body) => {
              await update.mutateAsync(body);
              toast.show({
                type: 'success',
                title: 'Envíos guardados',
                message: 'Las próximas cotizaciones y pedidos usan estos valores.',
              });
            }}
          />
        )}
      </QueryState>
    </>
  );
}
