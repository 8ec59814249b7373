import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

interface ManifestEntry {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestEntry>;

/** The page and the screen a visit opens on: what must be on the phone to start without a network. */
const FIRST_SCREEN = ['index.html', 'src/features/market/home/home-screen.tsx'];

/** Every built file a manifest key needs: its chunk, its CSS and its static imports', transitively. */
function filesOf(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  const entry = manifest[key];
  if (!entry || into.has(`/${entry.file}`)) return into;
  into.add(`/${entry.file}`);
  entry.css?.forEach((css) => into.add(`/${css}`));
  entry.imports?.forEach((imported) => filesOf(manifest, imported, into));
  return into;
}

/**
 * Writes `sw-shell.js` for the service worker (public/sw.js imports it): the app shell's files and a
 * version made from their hashed names. A new build changes this file, and the browser, comparing
 * the worker's imported scripts on its update check, installs the new worker.
 */
export const appShell = (): Plugin => ({
  name: 'app-shell',
  apply: 'build',
  async writeBundle(options, bundle) {
    const asset = bundle['.vite/manifest.json'];
    if (this.environment.name !== 'client' || asset?.type !== 'asset') return;
    const manifest = JSON.parse(String(asset.source)) as Manifest;
    const files = new Set<string>();
    FIRST_SCREEN.forEach((key) => filesOf(manifest, key, files));
    const shell = ['/', '/manifest.json', ...[...files].sort()];
    const version = createHash('sha256').update(shell.join('\n')).digest('hex').slice(0, 12);
    await writeFile(path.join(options.dir!, 'sw-shell.js'), `self.APP_SHELL = ${JSON.stringify({ version, files: shell })};\n`);
  },
});
