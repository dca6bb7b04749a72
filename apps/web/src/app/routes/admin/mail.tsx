import { MailScreen } from '../../../features/mail/admin/components/mail-screen';

export default function AdminMailRoute() {
  return <MailScreen />;
}
