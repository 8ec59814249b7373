import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';

export interface DebugChromium {
  port: number;
  close(): void;
}

/**
 * Debian's chromium, headless, with the flags this network needs (no background calls out), a fresh
 * profile and a DevTools port, for tools that drive it themselves (Lighthouse).
 */
export async function launchDebugChromium(): Promise<DebugChromium> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const chromium = spawn(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    const listening = (d: Buffer) => {
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec((err += d.toString()));
      if (!m) return;
      chromium.stderr!.off('data', listening).resume();
      resolve(Number(m[1]));
    };
    chromium.stderr!.on('data', listening);
    chromium.once('exit', (code) => reject(new Error(`chromium exited (${code}) before it listened: ${err.slice(-500)}`)));
  });
  return {
    port,
    close() {
      chromium.kill('SIGTERM');
      // The profile is still held until the process is gone.
      chromium.once('exit', () => fs.rmSync(profile, { recursive: true, force: true }));
    },
  };
}
