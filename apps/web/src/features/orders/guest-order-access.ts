// A guest opens their order with its number and the e-mail it was placed with. Right after the
// purchase the e-mail is remembered for the tab, so the confirmation opens without asking.

const KEY = 'nexbyte_pedidos_invitado';

function read(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, string>)
      : {};
  } catch {
    return {};
  }
}

export function rememberGuestOrderEmail(numero: string, email: string): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ ...read(), [numero]: email }));
  } catch (error) {
    console.warn('No se pudo recordar el correo del pedido:', error);
  }
}

export function guestOrderEmail(numero: string): string | null {
  const email = read()[numero];
  return typeof email === 'string' ? email : null;
}
