import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Candle } from '../../contract/market';

export interface ChartPage {
  url: string;
  close(): Promise<void>;
}

/**
 * A bare page with a lightweight-charts candlestick chart of `candles` (oldest first), `width` x
 * `height` CSS px, `candleWidth` px a candle like ours, the crosshair hidden as ours is until a tap;
 * served from this machine for the bench only (the library never enters the client bundle). The
 * chart element is `[data-testid="chart"]` and carries `data-candles` once drawn. The library wants
 * strictly rising times, so the candles are given one `step` ms apart ending at the last one's time.
 */
export async function serveLightweightChartsPage(candles: Candle[], step: number, width: number, height: number, candleWidth: number): Promise<ChartPage> {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('lightweight-charts/package.json'));
  const library = fs.readFileSync(path.join(packageDir, 'dist', 'lightweight-charts.standalone.production.js'));
  const last = candles.at(-1)?.Time ?? 0;
  const data = JSON.stringify(
    candles.map((c, i) => ({ time: Math.floor((last - (candles.length - 1 - i) * step) / 1000), open: c.Open, high: c.High, low: c.Low, close: c.Close })),
  );
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>lightweight-charts pan bench</title><style>body { margin: 0; padding: 16px 0 0 8px; }</style></head>
<body><div data-testid="chart" style="width: ${width}px; height: ${height}px"></div>
<script src="/lightweight-charts.js"></script>
<script>
  const element = document.querySelector('[data-testid="chart"]');
  const chart = LightweightCharts.createChart(element, { width: ${width}, height: ${height}, timeScale: { barSpacing: ${candleWidth}, timeVisible: true }, crosshair: { mode: LightweightCharts.CrosshairMode.Hidden } });
  const series = chart.addSeries(LightweightCharts.CandlestickSeries);
  fetch('/candles.json').then((r) => r.json()).then((candles) => {
    series.setData(candles);
    requestAnimationFrame(() => element.setAttribute('data-candles', String(candles.length)));
  });
</script></body></html>`;
  const bodies: Record<string, [string, string | Buffer]> = {
    '/': ['text/html; charset=utf-8', html],
    '/lightweight-charts.js': ['text/javascript', library],
    '/candles.json': ['application/json', data],
  };
  const server = http.createServer((req, res) => {
    const body = bodies[req.url ?? ''];
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': body[0] }).end(body[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
