// `npm run bench:serializer`: what writing an answer through its response schema costs, the
// shop's serializer (apps/api/src/response-serializer.ts, zod's parse) side by side with
// fastify-type-provider-zod's (zod's encode), for pages of 24, 50 and 100 products drawn at
// random (with and without photos, offers and a PC part's specification), as `GET
// /api/productos` writes them. Each figure is the median of BENCH_ROUNDS (9) rounds of
// BENCH_PAGES (200) pages; the two take turns round by round, so the machine's noise falls on
// both. It also checks that both write the same bytes. A measurement, not a test.
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { productoSchema } from '../packages/shared/src/schemas/products.ts';
import { serializerCompiler as libraryCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serializerCompiler as shopCompiler } from '../apps/api/src/response-serializer.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const PAGES = Number(process.env.BENCH_PAGES ?? 200);

const pick = (list) => list[randomInt(list.length)];
const word = () =>
  Array.from({ length: 3 + randomInt(8) }, () => pick('abcdefghijklmnñopqrstuvwxyzáéí')).join('');
const text = (words) => Array.from({ length: words }, word).join(' ');
const iso = () => new Date(Date.UTC(2026, randomInt(12), 1 + randomInt(28))).toISOString();

const parts = [
  () => ({
    tipo: 'PROCESADOR',
    socket: 'AM5',
    nucleos: 6 + randomInt(10),
    tdpW: 65 + randomInt(100),
    graficosIntegrados: randomInt(2) === 1,
  }),
  () => ({
    tipo: 'MEMORIA',
    tipoMemoria: 'DDR5',
    modulos: 2,
    capacidadGb: pick([16, 32, 64]),
    velocidadMhz: pick([4800, 5600, 6000]),
  }),
  () => ({ tipo: 'FUENTE', potenciaW: pick([550, 650, 750, 850]) }),
];

function product(id) {
  const price = 5_000 + randomInt(2_000_000);
  const offer = randomInt(5) === 0;
  const photos = Array.from({ length: randomInt(5) }, (_, i) => ({
    id: id * 10 + i,
    url: `/imagenes/${id}-${i}.webp`,
    alt: text(3),
    ancho: 1200,
    alto: 900,
    variantes: ['webp', 'avif'].flatMap((formato) =>
      [400, 800].map((ancho) => ({
        formato,
        ancho,
        url: `/imagenes/${id}-${i}-${ancho}.${formato}`,
      })),
    ),
  }));
  return {
    id,
    nombre: text(2 + randomInt(5)),
    descripcion: randomInt(10) === 0 ? null : text(10 + randomInt(30)),
    precio: offer ? Math.round(price * 0.9) : price,
    imagen: photos[0]?.url ?? '/img/categorias/componentes.svg',
    stock: randomInt(100),
    activo: true,
    categoria: { id: 1 + randomInt(8), nombre: text(1) },
    marca: randomInt(10) === 0 ? null : text(1),
    sku: `SKU-${id}`,
    especificaciones: Array.from({ length: randomInt(4) }, () => ({
      nombre: text(1),
      valor: text(2),
    })),
    ...(randomInt(3) === 0 ? { componente: pick(parts)() } : {}),
    ...(offer
      ? {
          precioNormal: price,
          oferta: { precio: Math.round(price * 0.9), desde: iso(), hasta: iso() },
        }
      : {}),
    imagenes: photos,
    createdAt: iso(),
  };
}

const route = { schema: z.array(productoSchema), method: 'GET', url: '/api/productos' };
const library = libraryCompiler(route);
const shop = shopCompiler(route);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(
  `Respuesta de GET /api/productos escrita por su esquema: ms por página (mediana de ${ROUNDS} rondas de ${PAGES} páginas)`,
);
console.log('  productos   fastify-type-provider-zod (encode)   la tienda (parse)   razón');
for (const size of [24, 50, 100]) {
  const pages = Array.from({ length: PAGES }, (_, p) =>
    Array.from({ length: size }, (_, i) => product(p * size + i + 1)),
  );
  for (const page of pages.slice(0, 20)) {
    if (library(page) !== shop(page)) throw new Error('los dos serializadores escriben distinto');
  }
  const times = { library: [], shop: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, write] of round % 2
      ? [
          ['shop', shop],
          ['library', library],
        ]
      : [
          ['library', library],
          ['shop', shop],
        ]) {
      const started = performance.now();
      for (const page of pages) write(page);
      times[name].push((performance.now() - started) / PAGES);
    }
  }
  const [lib, own] = [median(times.library), median(times.shop)];
  console.log(
    `  ${String(size).padStart(9)}   ${lib.toFixed(3).padStart(28)} ms   ${own.toFixed(3).padStart(14)} ms   ×${(own / lib).toFixed(2)}`,
  );
}
