import { TICKET_ACCESS_HEADER } from '@nexbyte/shared';

/**
 * Where the customer reads a ticket from: the private link's token (no login) or their account
 * (logged in, by number). Both answer the same public view and take the same quote answer.
 */
export type TicketSource = { kind: 'token'; token: string } | { kind: 'cuenta'; numero: string };

/** The API path of the ticket; the link's token never goes in it (see ticketHeaders). */
export function ticketPath(source: TicketSource): string {
  return source.kind === 'token'
    ? '/soporte/seguimiento'
    : `/cuenta/soporte/${encodeURIComponent(source.numero)}`;
}

/** The link's token travels in a header, so no URL (nor any log of one) holds it. */
export function ticketHeaders(source: TicketSource): Record<string, string> {
  return source.kind === 'token' ? { [TICKET_ACCESS_HEADER]: source.token } : {};
}

/** Public tickets are never shared with the desk's cache (under 'admin'). */
export const ticketKeys = {
  all: ['soporte'] as const,
  ticket: (source: TicketSource) =>
    [
      ...ticketKeys.all,
      source.kind,
      source.kind === 'token' ? source.token : source.numero,
    ] as const,
  mine: (viewer: number) => [...ticketKeys.all, 'cuenta', 'lista', viewer] as const,
};
