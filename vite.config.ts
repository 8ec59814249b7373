import { readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin, UserConfig } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { appShell } from './scripts/build/app-shell.js';
import { precompress } from './scripts/build/precompress.js';

const project = (name: string, include: string[], extra: Record<string, unknown> = {}) => ({
  extends: true as const,
  test: { name, include, ...extra },
});

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * The catalogues reach the browser already parsed (react-intl takes the message ASTs), so the app
 * ships without the ICU parser: about 8 KB gzip off the first screen. Tests keep the plain strings.
 */
const CATALOGUE = /\/src\/(shared\/(?:i18n|screens)|admin|features\/[\w-]+)\/messages\/[\w-]+\.json$/;
const precompiledMessages = (): Plugin => ({
  name: 'precompiled-messages',
  enforce: 'pre',
  transform(code, id) {
    if (!CATALOGUE.test(id.split('?')[0]!)) return undefined;
    const messages = JSON.parse(code) as Record<string, string>;
    return { code: JSON.stringify(Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]))), map: null };
  },
});
/** Modules home's chunk shares with later screens' chunks (each would be a chunk of its own). */
const HOME_SHARED = /[\\/](shared[\\/]flow[\\/](use-view|same-view)|shared[\\/]live[\\/]selected-product|shared[\\/]i18n[\\/]number-formats|shared[\\/]ui[\\/]screen-title|machines[\\/]market[\\/]product-list\.connect)\.ts$/;
const withoutParser = { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' };

/**
 * The back-office page (admin/index.html, served at /admin/) is built on its own, after the trader's.
 * As a second input of the same build it would share a libraries' chunk with `/`, and that chunk keeps
 * whatever either page uses of each library: `/` grew by 2 KB gzip with a back-office of a few lines.
 */
const backOfficePage: Pick<UserConfig, 'environments' | 'builder'> = {
  environments: {
    admin: {
      consumer: 'client',
      build: {
        emptyOutDir: false,
        copyPublicDir: false,
        manifest: '.vite/admin-manifest.json',
        rolldownOptions: {
          input: 'admin/index.html',
          output: { entryFileNames: 'assets/admin-[name]-[hash].js', chunkFileNames: 'assets/admin-[name]-[hash].js', assetFileNames: 'assets/admin-[name]-[hash][extname]' },
        },
      },
    },
  },
  builder: {
    buildApp: async (builder) => {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.admin!);
    },
  },
};

export default defineConfig(({ mode }) => ({
  plugins: mode === 'test' ? [react()] : [react(), precompiledMessages(), appShell(), precompress()],
  resolve: { alias: mode === 'test' ? [] : [withoutParser] },
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: {
    outDir: 'dist',
    manifest: true,
    target: 'es2022',
    // Browsers that know light-dark(): for older ones the CSS carried two unused variables per
    // theme block (it uses no light-dark()), 40 bytes of the first paint. Nothing else changes.
    cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
    sourcemap: false,
    reportCompressedSize: false,
    // No preload lists for lazy chunks: each dynamic import carried the hashed names of all the chunks
    // it needs, 1.4 KB gzip in what `/` loads. A screen's chunks are found one level at a time
    // instead; Lighthouse on `/` and `/trade` scored the same or better in three runs each
    // (docs/live.md). The CSS of a lazy chunk is still loaded with it.
    modulePreload: false,
    // Everything the first screen needs in one chunk: many small shared chunks cost more gzip bytes.
    // What home shares with later screens is one chunk too, not one per module.
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }, { name: 'home-shared', test: HOME_SHARED }] },
        // Seven hash characters (the fewest the bundler takes for this many chunks) tell our files apart
        // as well as eight, and the first paint names about a hundred of them in its preload map.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
      },
    },
  },
  ...(mode === 'test' ? {} : backOfficePage),
  server: {
    proxy: {
      '/admin/api': 'http://127.0.0.1:8080',
      '/api': 'http://127.0.0.1:8080',
      '/v1': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  test: {
    // Every core, not one less (vitest's default): on two cores the API and store suites wait on their
    // database half the time, and ran a quarter faster with two files at once.
    maxWorkers: '100%',
    projects: [
      project('unit', ['tests/unit/**/*.test.{ts,tsx}']),
      project('paths', ['tests/paths/**/*.test.ts']),
      project('api', ['tests/api/**/*.test.ts'], { testTimeout: 30_000, hookTimeout: 60_000 }),
      project('store', ['tests/store/**/*.test.ts'], { testTimeout: 30_000, hookTimeout: 60_000 }),
      project('fuzz', ['tests/fuzz/**/*.test.ts'], { testTimeout: 240_000, hookTimeout: 60_000 }),
      // A page's first load on a server just started can take seconds on a loaded machine: polls wait up to 10 s, not 1.
      project('e2e', ['tests/e2e/**/*.test.ts'], { testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false, expect: { poll: { timeout: 10_000 } } }),
      // Real node processes on PostgreSQL, NATS and Redis: one file at a time, two cores are few for more.
      project('cluster', ['tests/cluster/**/*.test.ts'], {
        testTimeout: 60_000, hookTimeout: 90_000, fileParallelism: false, globalSetup: ['tests/cluster/support/global-setup.ts'],
      }),
    ],
  },
}));
