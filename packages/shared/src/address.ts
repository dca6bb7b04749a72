/** A street address split the way a carrier's transport order wants it. */
export interface DireccionSeparada {
  /** The street's name: 'Av. Providencia', 'Calle 5 Norte', 'Avenida 10 de Julio'. */
  calle: string;
  /** The house number, digits only; null when the address has none ('s/n', 'Parcela 7'). */
  numero: string | null;
  /** What follows the number: 'depto 501', 'of. 45', 'km 12, parcela 4'; '' when nothing. */
  complemento: string;
}

/** Words that open a supplement: the flat, office, house, block, tower, km, lot or plot. */
const SUPPLEMENT =
  /^(?:depto|dpto|dto|departamento|of|ofic|oficina|casa|block|blk|torre|km|kil[oó]metro|lote|parcela|local|piso|sitio|bodega)\.?$/i;
/** A word after a number that keeps it in the street's name: '10 de Julio', '5 Norte'. */
const CONTINUES_NAME = /^(?:de|del|la|las|los|y|e|norte|sur|oriente|poniente)$/i;
/** A house number: '1234', '#45' (marked), '3.000'. */
const NUMBER = /^(#)?(\d{1,3}(?:\.\d{3})+|\d+)$/;
const SIN_NUMERO = /^s\/n[°º]?\.?$/i;

interface Token {
  text: string;
  start: number;
  end: number;
}

/**
 * Splits one free-text Chilean address into street, number and supplement
 * (docs/product.md#admin-shipping). The rule:
 *
 * - The supplement starts at the first comma, or at the first 'depto', 'dpto.', 'of.', 'oficina',
 *   'casa', 'block', 'torre', 'km', 'lote', 'parcela', 'local', 'piso'… that is not the address's
 *   first word.
 * - Before it, the number is the last number that follows the street's name (never the first word:
 *   '1 Oriente 850' is 850), is not the one right after a supplement word ('Parcela 7'), and is not
 *   followed by a word that keeps it in the name ('10 de Julio', '5 Norte'). A number written
 *   'N° 1234', 'nº1234', 'Nro. 1234' or '#1234' is preferred to an unmarked one.
 * - The street is everything before the number; the supplement everything after it ('Talca' in
 *   '1 Oriente 850 Talca'). 's/n' or 'sin número' stands for no number, as does finding none:
 *   then the street is what comes before the supplement.
 */
export function splitStreetAddress(direccion: string): DireccionSeparada {
  const text = direccion
    .replace(/\s+/g, ' ')
    .trim()
    // 'N° 1234', 'nº1234', 'Nro. 1234', 'Núm. 1234', '# 1234' → '#1234'.
    .replace(/(?:\b[Nn][°º]\.?|\b[Nn]ro\.?|\b[Nn][uú]m\.?|#)\s*(?=\d)/g, '#')
    .replace(/\bsin n[uú]mero\b/gi, 's/n');
  const tokens: Token[] = [...text.matchAll(/,|[^\s,]+/g)].map((m) => ({
    text: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));

  let end = tokens.length;
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i]!.text;
    if (word === ',' || (i > 0 && SUPPLEMENT.test(word))) {
      end = i;
      break;
    }
  }

  let chosen = -1;
  let marked = false;
  for (let i = 1; i < end; i++) {
    const word = tokens[i]!.text;
    if (SIN_NUMERO.test(word)) {
      chosen = i;
      marked = true;
      continue;
    }
    const m = NUMBER.exec(word);
    if (!m) continue;
    const isMarked = m[1] === '#';
    if (!isMarked && SUPPLEMENT.test(tokens[i - 1]!.text)) continue;
    if (!isMarked && i + 1 < end && CONTINUES_NAME.test(tokens[i + 1]!.text)) continue;
    if (marked && !isMarked) continue;
    chosen = i;
    marked = isMarked;
  }

  const rest = (from: number) =>
    text
      .slice(from)
      .replace(/^[\s,]+/, '')
      .trim();
  if (chosen < 0) {
    const cut = end < tokens.length ? tokens[end]!.start : text.length;
    return { calle: text.slice(0, cut).trim(), numero: null, complemento: rest(cut) };
  }
  const token = tokens[chosen]!;
  const m = NUMBER.exec(token.text);
  return {
    calle: text.slice(0, token.start).trim(),
    numero: m ? m[2]!.replace(/\./g, '') : null,
    complemento: rest(token.end),
  };
}

/** The destination's street as a Chilexpress transport order carries it. */
export interface DireccionTransportista {
  streetName: string;
  /** An integer; 0 for an address without a number. */
  streetNumber: number;
  supplement: string;
}

/**
 * What the carrier is sent for an address: the split above; without a number, streetNumber 0 and
 * 'S/N' in front of the supplement (decision 036). A split that leaves no street sends the whole
 * address as the street.
 */
export function direccionTransportista(direccion: string): DireccionTransportista {
  const { calle, numero, complemento } = splitStreetAddress(direccion);
  const streetName = calle || direccion.replace(/\s+/g, ' ').trim();
  if (numero === null) {
    return {
      streetName,
      streetNumber: 0,
      supplement: calle ? ['S/N', complemento].filter(Boolean).join(', ') : 'S/N',
    };
  }
  return { streetName, streetNumber: Number(numero), supplement: complemento };
}
