/**
 * Where the customer reads a ticket from: the private link's token (no login) or their account
 * (logged in, by number). Both answer the same public view and take the same quote answer.
 */
export type TicketSource = { kind: 'token'; token: string } | { kind: 'cuenta'; numero: string };

export function ticketPath(source: TicketSource): string {
  return source.kind === 'token'
    ? `/soporte/seguimiento/${encodeURIComponent(source.token)}`
    : `/cuenta/soporte/${encodeURIComponent(source.numero)}`;
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
