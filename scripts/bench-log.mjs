// `npm run bench:log`: what a request's log line costs the server, written with a system call of
// its own (pino's default destination) and in the background as the server writes it
// (pino.destination({ sync: false }), decision 037). Each way runs in a process of its own that
// logs BENCH_LINES (200,000) request lines to standard output, a pipe this script reads as a
// service manager would, BENCH_PER_TURN (20) per turn of the event loop, as requests arrive under
// load; it prints that process's CPU time (every thread) per line, the median of BENCH_RUNS (5)
// runs taken in turns. A measurement, not a test.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { median } from './lib/bench-databases.mjs';

const lines = Number(process.env.BENCH_LINES ?? 200_000);
const perTurn = Number(process.env.BENCH_PER_TURN ?? 20);
const runs = Number(process.env.BENCH_RUNS ?? 5);

if (process.argv[2] === 'child') {
  const { pino } = await import('pino');
  const sync = process.argv[3] === 'sync';
  const log = pino({ level: 'info' }, pino.destination({ dest: 1, sync }));
  const cpu = () => {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  const before = cpu();
  let written = 0;
  await new Promise((resolve) => {
    const turn = () => {
      for (let i = 0; i < perTurn; i++) {
        log.info(
          {
            method: 'GET',
            url: '/api/productos?pagina=1&limite=100&estado=activos',
            statusCode: 200,
          },
          'respuesta de la caché del catálogo',
        );
        if (++written >= lines) return resolve();
      }
      setImmediate(turn);
    };
    turn();
  });
  // Ticks (1/100 s) of this process, read before pino's exit handler writes what is left: that
  // write is counted by the parent's wait, not here, and is at most one batch.
  process.stderr.write(`${cpu() - before}\n`);
} else {
  const ticks = Number(
    spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100,
  );
  const measure = (mode) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [new URL(import.meta.url).pathname, 'child', mode], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let err = '';
      child.stdout.on('data', () => {});
      child.stderr.on('data', (chunk) => (err += chunk));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0
          ? resolve((Number(err.trim()) / ticks / lines) * 1e6)
          : reject(new Error(`el proceso de ${mode} terminó con ${code}: ${err}`)),
      );
    });
  const results = { sync: [], async: [] };
  for (let i = 0; i < runs; i++) {
    for (const mode of i % 2 ? ['async', 'sync'] : ['sync', 'async']) {
      results[mode].push(await measure(mode));
    }
  }
  console.log(
    `${lines} líneas de registro por proceso, ${perTurn} por vuelta del bucle de eventos, a una tubería; mediana de ${runs}`,
  );
  for (const [mode, label] of [
    ['sync', 'una llamada al sistema por línea (pino por omisión)'],
    ['async', 'en segundo plano (el servidor, decisión 037)'],
  ]) {
    console.log(
      `  ${label.padEnd(52)} ${median(results[mode]).toFixed(2)} µs de CPU por línea ` +
        `(${results[mode].map((v) => v.toFixed(2)).join(' / ')})`,
    );
  }
}
