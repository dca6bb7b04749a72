// Shoppers reading the catalogue from a thread of their own: their latencies are not held up by
// the bench's other clients (a burst of orders, the SMTP stand-in) sharing their event loop, as
// real shoppers on their own devices are not. Each asks, one request after another, for the
// catalogue's first page (half of the requests) or for a search or filter drawn at random from
// its classes: a word of a product's name, a category, a brand, a price range, an order.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { call } from './shop-client.mjs';

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** The catalogue's classes of requests, from its products. */
export function catalogueQueries(products) {
  const words = [
    ...new Set(
      products.flatMap((p) =>
        p.nombre
          .split(/\s+/)
          .filter((w) => w.length > 3 && /^[\p{L}]+$/u.test(w))
          .map((w) => w.toLowerCase()),
      ),
    ),
  ];
  const categories = [...new Set(products.map((p) => p.categoria?.nombre).filter(Boolean))];
  const brands = [...new Set(products.map((p) => p.marca).filter(Boolean))];
  const prices = products.map((p) => p.precio).sort((a, b) => a - b);
  const classes = [
    () => `/api/productos?q=${encodeURIComponent(pick(words))}`,
    () => `/api/productos?categoria=${encodeURIComponent(pick(categories))}`,
    () => `/api/productos?marca=${encodeURIComponent(pick(brands))}`,
    () => {
      const a = pick(prices);
      const b = pick(prices);
      return `/api/productos?min=${Math.min(a, b)}&max=${Math.max(a, b)}`;
    },
    () => `/api/productos?orden=${pick(['precio_asc', 'precio_desc', 'recientes'])}`,
  ];
  return () => (Math.random() < 0.5 ? '/api/productos' : pick(classes)());
}

/**
 * Starts `readers` shoppers in a new thread; resolves once they are ready, to a function that
 * runs them for a phase: `phase()` starts, and the function it returns stops them and resolves
 * to their latencies (ms) and failures (answers other than 200).
 */
export async function startShoppers(origin, products, readers) {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { origin, products, readers },
  });
  const replies = [];
  worker.on('message', (message) => replies.shift()?.(message));
  const ask = (message) =>
    new Promise((resolve, reject) => {
      replies.push(resolve);
      worker.once('error', reject);
      worker.postMessage(message);
    });
  await ask('warm');
  return {
    phase() {
      worker.postMessage('start');
      return () => ask('stop');
    },
    close: () => worker.terminate(),
  };
}

if (!isMainThread) {
  const { origin, products, readers } = workerData;
  const nextUrl = catalogueQueries(products);
  let running = false;
  let latencies = [];
  let failures = 0;
  let shoppers = [];
  const shopper = async () => {
    while (running) {
      const res = await call(origin, 'GET', nextUrl());
      if (res.status !== 200) failures++;
      latencies.push(res.ms);
    }
  };
  parentPort.on('message', async (message) => {
    if (message === 'warm') {
      // Each class a few times.
      for (let i = 0; i < 30; i++) await call(origin, 'GET', nextUrl());
      parentPort.postMessage('ready');
    } else if (message === 'start') {
      running = true;
      latencies = [];
      failures = 0;
      shoppers = Array.from({ length: readers }, shopper);
    } else if (message === 'stop') {
      running = false;
      await Promise.all(shoppers);
      parentPort.postMessage({ latencies, failures });
    }
  });
}
