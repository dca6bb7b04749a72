import { ContactMessages } from '../../../features/contact/admin/components/contact-messages';

export default function ContactMessagesRoute() {
  return <ContactMessages />;
}
