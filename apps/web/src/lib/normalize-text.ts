/** Lower case and without accents, so searching 'guia' finds 'Guías' and 'envio' finds 'Envíos'. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
