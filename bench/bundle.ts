/**
 * Bundle budget: gzip size of the JS and CSS that `/` loads before its first paint (entry, its
 * static imports, the default language's catalogue and the home screen's chunk), beside the floor
 * of the same libraries alone in an empty page, and what /trade adds. Fails above a budget, and when
 * any back-office module is among what `/` loads; prints all, what `/` loads by origin (package or
 * folder of ours), and the back-office page's own size.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, createBuilder, type Rolldown } from 'vite';

const BUDGET_KB = 125;
const FLOOR_MARGIN_KB = 25;
const TRADE_BUDGET_KB = 60;
const root = path.resolve(import.meta.dirname, '..');
/** Modules of the back-office page (admin/index.html): its code, machines, contract and QR library. */
const BACK_OFFICE = /[\\/](src[\\/]admin|machines[\\/]backoffice)[\\/]|[\\/]admin[\\/]index\.html|[\\/]contract[\\/]backoffice\.ts|[\\/]node_modules[\\/]qrcode\.react[\\/]/;
const dist = path.join(root, 'dist');

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const gz = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** A manifest entry with everything it imports statically. */
function closure(manifest: Record<string, Chunk>, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  chunk.css?.forEach((c) => seen.add(c));
  chunk.imports?.forEach((k) => closure(manifest, k, seen));
  return seen;
}

/** The modules in each built file of one page's build, with the code each left in it. */
function modulesByFile(built: unknown): Map<string, { id: string; code: string }[]> {
  const outputs = (Array.isArray(built) ? built : [built]) as Rolldown.RolldownOutput[];
  return new Map(outputs.flatMap((out) => out.output).flatMap((chunk): [string, { id: string; code: string }[]][] => (chunk.type === 'chunk'
    ? [[chunk.fileName, chunk.moduleIds.map((id) => ({ id, code: chunk.modules[id]?.code ?? '' }))]]
    : [])));
}

/** Where a module comes from: its package, a room of ours (`src` by its folders), or the bundler. */
function originOf(id: string): string {
  if (id.startsWith('\0')) return 'bundler';
  const file = path.relative(root, id.split('?')[0]!).split(path.sep);
  const at = file.lastIndexOf('node_modules');
  if (at >= 0) return file.slice(at + 1, file[at + 1]?.startsWith('@') ? at + 3 : at + 2).join('/');
  return file.slice(0, file[0] === 'src' && file.length > 2 ? 2 : 1).join('/');
}

/**
 * What `/` loads by origin, each origin's code gzipped on its own: they add up to more than the
 * whole, since a chunk compresses better than its parts, but they rank what to load later.
 */
function byOrigin(files: Set<string>, modules: Map<string, { id: string; code: string }[]>): [string, number][] {
  const code = new Map<string, string>();
  for (const file of files) for (const m of modules.get(file) ?? []) code.set(originOf(m.id), (code.get(originOf(m.id)) ?? '') + m.code);
  return [...code].map(([origin, text]): [string, number] => [origin, gzipSync(text, { level: 9 }).length]).sort((a, b) => b[1] - a[1]);
}

/**
 * The files that `/` loads before its first paint, those `/trade` adds (its chart and what every
 * screen but home shares included), and
 * those the back-office page loads. Both pages are built, as `vite build` does (vite.config.ts).
 */
async function appChunks(): Promise<{ firstPaint: Set<string>; trade: Set<string>; backOffice: Set<string>; backOfficeInTrader: string[]; origins: [string, number][] }> {
  const builder = await createBuilder({ root, logLevel: 'error' });
  const traderModules = modulesByFile(await builder.build(builder.environments.client!));
  await builder.build(builder.environments.admin!);
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const gather = (keys: string[], files = new Set<string>()) => {
    for (const key of keys) {
      const known = keyOfFile.get(key) ?? key;
      if (manifest[known]) closure(manifest, known, files);
      else if (key.startsWith('assets/')) files.add(key);
      else throw new Error(`${key} is not in the build manifest`);
    }
    return files;
  };
  // What index.html itself loads, then the lazy pieces the first screen waits for.
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const loaded = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
  const firstPaint = gather([...loaded, 'src/shared/i18n/messages/hk.json', 'src/features/market/home/home-screen.tsx']);
  const trade = gather(['src/features/trading/trade/trade-screen.tsx', 'src/features/trading/trade/candle-chart.tsx', 'src/shared/screens/screens.ts']);
  firstPaint.forEach((f) => trade.delete(f));
  // No module of the back-office may be among what `/` loads.
  const backOfficeInTrader = [...firstPaint].flatMap((file) => (traderModules.get(file) ?? [])
    .filter(({ id }) => BACK_OFFICE.test(id)).map(({ id }) => `${file}: ${path.relative(root, id.split('?')[0]!)}`));
  return { firstPaint, trade, backOffice: backOfficePage(), backOfficeInTrader, origins: byOrigin(firstPaint, traderModules) };
}

/** What /admin/ loads: the files its page names and their static imports, from its own manifest. */
function backOfficePage(): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'admin-manifest.json'), 'utf8')) as Record<string, Chunk>;
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const html = fs.readFileSync(path.join(dist, 'admin', 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const [, file] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)) {
    const key = keyOfFile.get(file!);
    if (key) closure(manifest, key, files);
    else files.add(file!);
  }
  return files;
}

const total = (files: Set<string>) => [...files].reduce((sum, f) => sum + gz(path.join(dist, f)), 0);

/** The libraries every first screen needs, each used the least a real app does, in an empty page. */
async function libraryFloor(): Promise<number> {
  const dir = path.join(root, '.tmp', 'bundle-floor');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./main.js"></script>');
  fs.writeFileSync(path.join(dir, 'main.js'), `
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor, createMachine } from 'xstate';
import { IntlProvider, FormattedMessage } from 'react-intl';
import ky from 'ky';
import { z } from 'zod/mini';
import { Route, Switch } from 'wouter';
import PartySocket from 'partysocket';
const actor = createActor(createMachine({ initial: 'a', states: { a: { on: { GO: 'b' } }, b: {} } })).start();
const schema = z.object({ code: z.number(), msg: z.string(), data: z.unknown() });
ky.get('/api/ping').json().then((d) => schema.parse(d)).catch(() => {});
new PartySocket({ host: location.host, room: 'x' });
createRoot(document.getElementById('root')).render(
  h(IntlProvider, { locale: 'en', messages: { hi: 'Hi' } },
    h(Switch, null, h(Route, { path: '/' }, h(FormattedMessage, { id: 'hi' }), String(actor.getSnapshot().value)))),
);
`);
  await build({ root: dir, logLevel: 'error', configFile: false, build: { outDir: path.join(dir, 'dist') } });
  const assets = path.join(dir, 'dist', 'assets');
  return fs.readdirSync(assets).reduce((sum, f) => sum + gz(path.join(assets, f)), 0);
}

const floor = await libraryFloor();
const chunks = await appChunks();
const app = total(chunks.firstPaint);
const trade = total(chunks.trade);
const backOffice = total(chunks.backOffice);
console.log(`bundle: / before first paint ${kb(app)} KB gzip (${app} bytes); libraries alone ${kb(floor)} KB gzip; over the floor ${kb(app - floor)} KB (budget ${BUDGET_KB} KB, ${FLOOR_MARGIN_KB} KB over the floor)`);
console.log(`bundle: / by origin, each gzipped alone: ${chunks.origins.slice(0, 16).map(([origin, bytes]) => `${origin} ${kb(bytes)}`).join(', ')}`);
console.log(`bundle: /trade adds ${kb(trade)} KB gzip, chart and the screens' shared strings and styles included (budget ${TRADE_BUDGET_KB} KB)`);
console.log(`bundle: /admin/ (the back-office page, its own build) loads ${kb(backOffice)} KB gzip in ${chunks.backOffice.size} files; back-office modules in what / loads: ${chunks.backOfficeInTrader.length}`);
const over = [
  app > BUDGET_KB * 1024 && `/ is over its budget by ${kb(app - BUDGET_KB * 1024)} KB`,
  app - floor > FLOOR_MARGIN_KB * 1024 && `/ is ${kb(app - floor - FLOOR_MARGIN_KB * 1024)} KB more over the floor than allowed`,
  trade > TRADE_BUDGET_KB * 1024 && `/trade is over its budget by ${kb(trade - TRADE_BUDGET_KB * 1024)} KB`,
  ...chunks.backOfficeInTrader.map((found) => `/ loads back-office code: ${found}`),
].filter(Boolean);
if (over.length > 0) {
  over.forEach((line) => console.error(`bundle: ${line}`));
  process.exit(1);
}
