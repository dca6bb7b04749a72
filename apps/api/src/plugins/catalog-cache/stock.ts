import { keepAnswer, type KeptAnswer } from './answer';

/**
 * The stock each of these products has now. A product it does not answer for is no longer one a
 * shopper may see: the answers that show it are dropped.
 */
export type StockReader = (ids: readonly number[]) => Promise<ReadonlyMap<number, number>>;

/** A product as every catalogue answer carries it (productoSchema). */
interface ShownProduct {
  id: number;
  stock: number;
}

function isProduct(value: object): value is ShownProduct {
  const fields = value as Record<string, unknown>;
  return (
    typeof fields.id === 'number' &&
    typeof fields.stock === 'number' &&
    typeof fields.sku === 'string'
  );
}

/** Calls `visit` with every product in a parsed answer, however deep (a builder step's lists). */
function eachProduct(value: unknown, visit: (product: ShownProduct) => void): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) eachProduct(item, visit);
    return;
  }
  if (isProduct(value)) visit(value);
  for (const child of Object.values(value)) eachProduct(child, visit);
}

const parse = (answer: KeptAnswer): unknown => JSON.parse(answer.bodies.identity.toString('utf8'));

/**
 * The stock each kept answer shows, by product, read from its JSON once; null for a page or a
 * sitemap (an answer with a type of its own, not JSON), which cannot be rewritten.
 */
const shownByAnswer = new WeakMap<KeptAnswer, ReadonlyMap<number, number> | null>();

/**
 * Notes the stock an answer shows as it is kept, so that a refresh (which holds shoppers' reads
 * when it follows a quiet spell) has only to read the database.
 */
export function noteStockShown(answer: KeptAnswer): void {
  stockShown(answer);
}

function readStockShown(answer: KeptAnswer): ReadonlyMap<number, number> | null {
  if (answer.headers.some(([name]) => name.toLowerCase() === 'content-type')) return null;
  let json: unknown;
  try {
    json = parse(answer);
  } catch {
    return null;
  }
  const shown = new Map<number, number>();
  eachProduct(json, (product) => shown.set(product.id, product.stock));
  return shown;
}

function stockShown(answer: KeptAnswer): {
  shown: ReadonlyMap<number, number> | null;
  parsed: boolean;
} {
  const known = shownByAnswer.get(answer);
  if (known !== undefined) return { shown: known, parsed: false };
  const shown = readStockShown(answer);
  shownByAnswer.set(answer, shown);
  return { shown, parsed: true };
}

function showsCurrentStock(
  shown: ReadonlyMap<number, number>,
  current: ReadonlyMap<number, number>,
): boolean {
  for (const [id, stock] of shown) if (current.get(id) !== stock) return false;
  return true;
}

/**
 * The answer with each product's stock as `current` says, compressed and tagged afresh; null
 * when it shows a product `current` does not know.
 */
export async function withStock(
  answer: KeptAnswer,
  current: ReadonlyMap<number, number>,
): Promise<KeptAnswer | null> {
  const json = parse(answer);
  const shown = new Map<number, number>();
  let gone = false;
  eachProduct(json, (product) => {
    const stock = current.get(product.id);
    if (stock === undefined) gone = true;
    else shown.set(product.id, (product.stock = stock));
  });
  if (gone) return null;
  const updated = await keepAnswer(JSON.stringify(json), answer.headers);
  shownByAnswer.set(updated, shown);
  return updated;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Which kept answers show stock that is no longer current, found with one read of the products
 * they show, with that read; and which cannot be told (pages, sitemaps), to be dropped as a clear
 * would. The first look into an answer not noted when kept parses its JSON, one answer per turn
 * of the event loop, so a large cache never holds up the requests.
 */
export async function staleStock(
  kept: readonly (readonly [string, KeptAnswer])[],
  read: StockReader,
): Promise<{
  stale: [string, KeptAnswer][];
  opaque: [string, KeptAnswer][];
  current: ReadonlyMap<number, number>;
}> {
  const shownBy: [string, KeptAnswer, ReadonlyMap<number, number>][] = [];
  const opaque: [string, KeptAnswer][] = [];
  const ids = new Set<number>();
  for (const [key, answer] of kept) {
    const { shown, parsed } = stockShown(answer);
    if (shown === null) opaque.push([key, answer]);
    else if (shown.size > 0) {
      shownBy.push([key, answer, shown]);
      for (const id of shown.keys()) ids.add(id);
    }
    if (parsed) await nextTurn();
  }
  const current = ids.size === 0 ? new Map<number, number>() : await read([...ids]);
  const stale: [string, KeptAnswer][] = [];
  for (const [key, answer, shown] of shownBy) {
    if (!showsCurrentStock(shown, current)) stale.push([key, answer]);
  }
  return { stale, opaque, current };
}
