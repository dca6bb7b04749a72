import { ContactMessages } from '../../../features/admin/components/contact-messages';

export default function ContactMessagesRoute() {
  return <ContactMessages />;
}
