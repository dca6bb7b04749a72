/** What the newsletter module offers the others: the mailer adds the way out to subscribers' mail. */
export { activeSubscriberTokens } from './newsletter.repository';
