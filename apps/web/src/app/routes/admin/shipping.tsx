import { ShippingScreen } from '../../../features/shipping/admin/components/shipping-screen';

export default function AdminShippingRoute() {
  return <ShippingScreen />;
}
