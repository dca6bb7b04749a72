// Preloaded into the server by the benchmarks (`node --import ./scripts/lib/event-loop-delay.mjs`):
// measures the server process's own event-loop delay and reports it to the parent over IPC, so
// nothing in the server's code has to know it is being measured.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let utilization = performance.eventLoopUtilization();
  const ms = (ns) => Math.round(ns / 1e5) / 10;
  process.on('message', (message) => {
    if (message === 'loop-delay:reset') {
      histogram.reset();
      utilization = performance.eventLoopUtilization();
    }
    if (message === 'loop-delay:read') {
      process.send({
        type: 'loop-delay',
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        // Share of the time the loop was busy: a high delay with a low share is CPU taken by
        // other threads or processes, not work of this one.
        busy: Math.round(performance.eventLoopUtilization(utilization).utilization * 100),
      });
    }
  });
  // The IPC channel must not keep a server alive that was asked to stop.
  process.channel?.unref();
}
