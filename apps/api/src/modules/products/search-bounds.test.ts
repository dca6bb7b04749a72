import type { Producto } from '@nexbyte/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { gatherCap } from './catalog-query';
import {
  CANDIDATES_MAX,
  CORRECTABLE_MAX_LENGTH,
  MAX_TERMS,
  resolveSearch,
  termsLookup,
} from './search-terms';

// What a search may cost whatever is typed (decision 031), pinned on the work the lookup reports
// and on the plan of its statement, not on the clock. The vocabulary is made large enough, with
// thousands of made-up words of letters and a SKU number per product, that reading it whole
// would show in the plan.
const PRODUCTS = 4000;
/** More than a gather may read when the sample foretells none (gatherCap(0)). */
const OLD_ADAPTERS = 2100;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  // Each product adds a word of eight letters of its own (md5's digits turned into letters).
  await t.app.db.execute(sql`
    insert into productos (nombre, descripcion, precio, stock, categoria_id)
    select
      (array['Teclado mecánico', 'Audífonos inalámbricos', 'Pantalla ergonómica',
             'Ratón vertical'])[1 + g % 4] || ' ' ||
        substr(translate(md5(g::text), '0123456789', 'ghijklmnop'), 1, 8),
      'Garantía de seis meses.', 9990, 5,
      (select id from categorias where nombre = 'Periféricos')
    from generate_series(1, ${PRODUCTS}) as g
  `);
  // Older than all of them, so the sample of the newest products sees none.
  await t.app.db.execute(sql`
    insert into productos (nombre, descripcion, precio, stock, categoria_id, created_at)
    select 'Adaptador antiguo ' || g, 'Sin caja.', 4990, 5,
      (select id from categorias where nombre = 'Periféricos'),
      now() - interval '1 year' - g * interval '1 minute'
    from generate_series(1, ${OLD_ADAPTERS}) as g
  `);
  await t.app.db.execute(sql`analyze busqueda_palabras`);
  await t.app.db.execute(sql`analyze productos`);
}, 120_000);
afterAll(() => t.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** Every node of the lookup's plan as it ran (EXPLAIN ANALYZE). */
async function lookupPlan(q: string): Promise<PlanNode[]> {
  const result = await t.app.db.execute(
    sql`explain (analyze, format json) ${termsLookup(q, false)}`,
  );
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const value = row!['QUERY PLAN'];
  const [{ Plan }] = (typeof value === 'string' ? JSON.parse(value) : value) as [
    { Plan: PlanNode },
  ];
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    node.Plans?.forEach(walk);
  };
  walk(Plan);
  return nodes;
}

const readsWhole = (nodes: PlanNode[]) =>
  nodes.filter(
    (n) =>
      n['Node Type'] === 'Seq Scan' &&
      ['busqueda_palabras', 'productos'].includes(n['Relation Name'] ?? ''),
  );

interface TableScans {
  relname: string;
  seq_scan: number;
  idx_scan: number;
  idx_tup_fetch: number;
}

/**
 * The database's own counters of the scans the lookup made, inside the function too: read
 * before and after it in one transaction (pg_stat_xact_user_tables), so nothing else counts.
 */
async function scansOf(q: string): Promise<Map<string, TableScans>> {
  return t.app.db.transaction(async (tx) => {
    const read = async () => {
      const result = await tx.execute(sql`
        select relname::text, seq_scan::int, idx_scan::int, idx_tup_fetch::int
        from pg_stat_xact_user_tables where relname in ('busqueda_palabras', 'productos')`);
      const rows = (result as unknown as { rows: TableScans[] }).rows;
      return new Map(rows.map((r) => [r.relname, r]));
    };
    const before = await read();
    await tx.execute(termsLookup(q, false));
    const after = await read();
    return new Map(
      [...after].map(([name, a]) => {
        const b = before.get(name);
        return [
          name,
          {
            relname: name,
            seq_scan: a.seq_scan - (b?.seq_scan ?? 0),
            idx_scan: a.idx_scan - (b?.idx_scan ?? 0),
            idx_tup_fetch: a.idx_tup_fetch - (b?.idx_tup_fetch ?? 0),
          },
        ];
      }),
    );
  });
}

/** Rows the scans of the vocabulary handed on, over all their loops. */
const vocabularyRows = (nodes: PlanNode[]) =>
  nodes
    .filter((n) => n['Relation Name'] === 'busqueda_palabras')
    .reduce((sum, n) => sum + n['Actual Rows'] * n['Actual Loops'], 0);

describe('the work a search does is bounded per word', () => {
  const sixTypos = 'tecaldo mecanixo audifnos inalambrcos pantala ergonomcia';

  it('corrects six misspelled words, comparing at most CANDIDATES_MAX words each', async () => {
    const search = await resolveSearch(t.app.db, sixTypos, false);
    expect(search.terms).toHaveLength(6);
    expect(search.terms.every((term) => !term.found)).toBe(true);
    for (const term of search.terms) expect(term.examined).toBeLessThanOrEqual(CANDIDATES_MAX);
    // Still a correction, not just a cheap refusal.
    expect(search.words.flat()).toEqual(expect.arrayContaining(['mecanico', 'inalambricos']));
  });

  it('looks the six words up through indexes, never reading the vocabulary or catalogue whole', async () => {
    const nodes = await lookupPlan(sixTypos);
    expect(readsWhole(nodes)).toEqual([]);
    // Per word: a range of the key (found?) and at most CANDIDATES_MAX trigram candidates.
    expect(vocabularyRows(nodes)).toBeLessThanOrEqual(6 * (CANDIDATES_MAX + 1));
    const scans = await scansOf(sixTypos);
    expect(scans.get('busqueda_palabras')?.seq_scan).toBe(0);
    expect(scans.get('busqueda_palabras')?.idx_tup_fetch).toBeLessThanOrEqual(6 * CANDIDATES_MAX);
    expect(scans.get('productos')?.seq_scan ?? 0).toBe(0);
  });

  it('reads no more for 200 random letters and digits than for six words', async () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const chars = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const text = Array.from({ length: 200 }, (_, i) =>
      i % 23 === 22 ? ' ' : chars[Math.floor(random() * chars.length)],
    ).join('');
    const search = await resolveSearch(t.app.db, text, false);
    expect(search.terms.length).toBeLessThanOrEqual(MAX_TERMS);
    for (const term of search.terms) {
      // A term with a digit is a number or a code, and one longer than a word is random text:
      // neither is compared with the vocabulary.
      if (/[0-9]/.test(term.word) || term.word.length > CORRECTABLE_MAX_LENGTH) {
        expect(term.examined).toBe(0);
      }
      expect(term.examined).toBeLessThanOrEqual(CANDIDATES_MAX);
    }
    expect(search.tsquery).toBeNull();
    const nodes = await lookupPlan(text);
    expect(readsWhole(nodes)).toEqual([]);
    const scans = await scansOf(text);
    expect(scans.get('busqueda_palabras')?.seq_scan).toBe(0);
    expect(scans.get('busqueda_palabras')?.idx_tup_fetch).toBeLessThanOrEqual(
      MAX_TERMS * CANDIDATES_MAX,
    );
    expect(scans.get('productos')?.seq_scan ?? 0).toBe(0);
    expect(vocabularyRows(nodes)).toBeLessThanOrEqual(MAX_TERMS * (CANDIDATES_MAX + 1));
  });

  it('compares nothing for a word found as it is typed', async () => {
    const search = await resolveSearch(t.app.db, 'teclado mecanico', false);
    expect(search.terms.map((term) => term.examined)).toEqual([0, 0]);
  });

  it('answers both through the API, the typos corrected and the random text empty', async () => {
    const typos = await t.app.inject({
      method: 'GET',
      url: `/api/productos?q=${encodeURIComponent(sixTypos)}`,
    });
    expect(typos.statusCode).toBe(200);
    const random = await t.app.inject({
      method: 'GET',
      url: `/api/productos?q=${'x7k2q9'.repeat(16)}`,
    });
    expect(random.statusCode).toBe(200);
    expect(random.json<Producto[]>()).toEqual([]);
  });
});

describe('a sample unlike the rest of the catalogue', () => {
  it('stops gathering at its cap and pages the matches the sample missed', async () => {
    expect(OLD_ADAPTERS).toBeGreaterThan(gatherCap(0));
    const pages = await Promise.all(
      [1, 2].map((n) =>
        t.app.inject({ method: 'GET', url: `/api/productos?q=adaptador&limite=50&pagina=${n}` }),
      ),
    );
    const items = pages.flatMap((res) => res.json<Producto[]>());
    expect(items).toHaveLength(100);
    expect(new Set(items.map((p) => p.id)).size).toBe(100);
    // The demo's one adapter is newer than all of them.
    expect(items.every((p) => p.nombre.startsWith('Adaptador'))).toBe(true);
    expect(items.filter((p) => p.nombre.startsWith('Adaptador antiguo'))).toHaveLength(99);
    const fechas = items.map((p) => Date.parse(p.createdAt));
    expect(fechas).toEqual([...fechas].sort((a, b) => b - a));
    // A full page promises more, so that a client paging by the total reads on.
    expect(Number(pages[1]!.headers['x-total-count'])).toBeGreaterThan(100);
  });

  it('does the same by price', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/productos?q=adaptador&orden=precio_asc&limite=50',
    });
    const items = res.json<Producto[]>();
    expect(items).toHaveLength(50);
    expect(items.every((p) => p.nombre.startsWith('Adaptador'))).toBe(true);
  });
});
