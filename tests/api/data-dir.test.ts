import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUse, holdDataDir } from '../../server/platform/store/data-dir-lock';

/** The embedded database's folder is one process's: a second one opening it corrupted it for good. */
describe('the embedded database folder', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  /** Runs `code` in a process of its own; answers once it has run, with the process. */
  const holder = async (dir: string) => {
    const code = `import { holdDataDir } from './server/platform/store/data-dir-lock.ts';
      await holdDataDir(process.argv[1]); console.log('held'); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise((resolve) => child.stdout!.once('data', resolve));
    return child;
  };

  it('refuses a second holder while the first lives, and is taken over once it was killed', async () => {
    const dir = folder();
    const child = await holder(dir);
    await expect(holdDataDir(dir)).rejects.toThrow(DataDirInUse);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    // It left its socket file behind; nothing answers there now.
    expect(fs.existsSync(path.join(dir, 'owner.sock'))).toBe(true);
    const release = await holdDataDir(dir);
    await release();
    // Released, the next one takes it at once.
    await (await holdDataDir(dir))();
  }, 30_000);

  it('a server started on a folder another server has open stops at once, saying why, and leaves it unopened', async () => {
    const dir = folder();
    const release = await holdDataDir(dir);
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, CLIENT_DIR: path.join(dir, 'none'), MARKET_FEED: 'off', LOG: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    server.stderr!.on('data', (d) => (said += d));
    const code = await new Promise((resolve) => server.once('exit', resolve));
    await release();
    expect(code).toBe(1);
    expect(said).toContain(`not starting: another server has the embedded database in ${dir} open`);
    expect(fs.existsSync(path.join(dir, 'pgdata'))).toBe(false);
  }, 60_000);
});
