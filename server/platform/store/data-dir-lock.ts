import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Another live process has the embedded database's folder open. */
export class DataDirInUse extends Error {
  constructor(dir: string) {
    super(`another server has the embedded database in ${dir} open: stop it first (two at once would corrupt it)`);
  }
}

const listening = (file: string) => new Promise<net.Server>((resolve, reject) => {
  const server = net.createServer();
  server.once('error', reject);
  server.listen(file, () => resolve(server));
});

const answers = (file: string) => new Promise<boolean>((resolve) => {
  const probe = net.connect(file);
  probe.once('connect', () => {
    probe.destroy();
    resolve(true);
  });
  probe.once('error', () => resolve(false));
});

/**
 * Holds the embedded database's folder for this process. Two processes on one folder (a double
 * start, a supervisor restarting while the old process lingers) corrupted it for every later start.
 * The hold is a socket in the folder that this process listens on: the system ends it with the
 * process, so one left by a process that was killed is taken over, and no process id is trusted.
 * A folder whose path is too long for a socket is opened without the hold, as before.
 */
export async function holdDataDir(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, 'owner.sock');
  let server: net.Server;
  try {
    server = await listening(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') return async () => {};
    if (await answers(file)) throw new DataDirInUse(dir);
    fs.rmSync(file, { force: true });
    server = await listening(file);
  }
  // It must not keep the process alive on its own.
  server.unref();
  return () => new Promise((resolve) => server.close(() => resolve()));
}
