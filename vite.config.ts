import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const project = (name: string, include: string[], extra: Record<string, unknown> = {}) => ({
  extends: true as const,
  test: { name, include, ...extra },
});

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: {
    outDir: 'dist',
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // Everything the first screen needs in one chunk: many small shared chunks cost more gzip bytes.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/v1': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  test: {
    projects: [
      project('unit', ['tests/unit/**/*.test.{ts,tsx}']),
      project('paths', ['tests/paths/**/*.test.ts']),
      project('api', ['tests/api/**/*.test.ts'], { testTimeout: 30_000, hookTimeout: 60_000 }),
      project('store', ['tests/store/**/*.test.ts'], { testTimeout: 30_000, hookTimeout: 60_000 }),
      project('e2e', ['tests/e2e/**/*.test.ts'], { testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false }),
    ],
  },
});
