/** What the newsletter module offers the others: the mailer adds the way out to subscribers' mail. */
export { findActiveSubscriber } from './newsletter.repository';
