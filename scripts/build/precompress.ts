import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser fetches; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 512;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

const isFresh = async (copy: string, source: number) => ((await stat(copy).catch(() => undefined))?.mtimeMs ?? -1) >= source;

/** Writes `name.br` and `name.gz` beside every compressible file of `dir`, kept only when smaller. */
export async function precompressDir(dir: string): Promise<void> {
  const jobs: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    jobs.push((async () => {
      const { size, mtimeMs } = await stat(file);
      if (size < MIN_BYTES || ((await isFresh(`${file}.br`, mtimeMs)) && (await isFresh(`${file}.gz`, mtimeMs)))) return;
      const body = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: size } }),
        gz(body, { level: 9 }),
      ]);
      if (br.length < size) await writeFile(`${file}.br`, br);
      if (gzipped.length < size) await writeFile(`${file}.gz`, gzipped);
    })());
  }
  await Promise.all(jobs);
}

/**
 * Brotli and gzip made once at build time, so the server sends bytes from disk instead of
 * compressing on every request (and a cheap phone gets brotli's smaller files).
 */
export const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  // After every other writer, the app-shell list included.
  writeBundle: { order: 'post', sequential: true, handler: (options) => precompressDir(options.dir!) },
});
