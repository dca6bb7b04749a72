import { CouponsScreen } from '../../../features/coupons/admin/components/coupons-screen';

export default function AdminCouponsRoute() {
  return <CouponsScreen />;
}
