import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The server's figures in Prometheus' text format (`GET /metrics`). One registry per process;
 * modules record into the instruments below and gauges are read when scraped.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpSeconds = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by route and status code',
  labelNames: ['method', 'route', 'code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const orderSeconds = new Histogram({
  name: 'order_duration_seconds',
  help: 'Order commands from request to commit (submit, close, cancel, stops), by outcome',
  labelNames: ['command', 'outcome'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1],
  registers: [registry],
});

export const engineTickSeconds = new Histogram({
  name: 'engine_tick_duration_seconds',
  help: 'Revaluing one instrument on a tick and finding what it triggers',
  buckets: [0.00001, 0.00005, 0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05],
  registers: [registry],
});

/** A figure read at scrape time from whoever knows it (the last server built in this process). */
export function gauge(name: string, help: string, read: () => number): void {
  registry.removeSingleMetric(name);
  new Gauge({ name, help, registers: [registry], collect() { this.set(read()); } });
}

/** A running total kept by its owner as a plain number (cheaper on a hot path than an instrument). */
export function counter(name: string, help: string, read: () => number): void {
  registry.removeSingleMetric(name);
  new Counter({ name, help, registers: [registry], collect() { this.reset(); this.inc(read()); } });
}

/** Times an order command into `orderSeconds`. */
export async function timedOrder<T>(command: string, work: () => Promise<T>): Promise<T> {
  const end = orderSeconds.startTimer({ command });
  try {
    const result = await work();
    end({ outcome: 'done' });
    return result;
  } catch (error) {
    end({ outcome: 'refused' });
    throw error;
  }
}
