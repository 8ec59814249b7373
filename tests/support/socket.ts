import WebSocket from 'ws';

/** A raw `/v1/ws` client for tests: every text frame it gets is kept, and waited on by predicate. */
export class TestSocket {
  readonly frames: string[] = [];
  /** The close code, once the connection has closed (by either side). */
  readonly closed: Promise<number>;
  private waiters: { test: (frame: string) => boolean; resolve: (frame: string) => void }[] = [];

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.once('close', (code) => resolve(code)));
    ws.on('message', (data) => {
      const text = data.toString();
      this.frames.push(text);
      this.waiters = this.waiters.filter((w) => !(w.test(text) && (w.resolve(text), true)));
    });
  }

  static open(baseUrl: string): Promise<TestSocket> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/v1/ws`);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestSocket(ws)));
      ws.once('error', reject);
    });
  }

  send(frame: string | object): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame, already here or still to come, that passes `test`. */
  next(test: (frame: string) => boolean, timeoutMs = 5000): Promise<string> {
    const here = this.frames.find(test);
    if (here !== undefined) return Promise.resolve(here);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no such frame within ${timeoutMs} ms; got ${this.frames.slice(-5).join(' | ')}`)), timeoutMs);
      this.waiters.push({ test, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  }

  /** The next JSON frame of this type, consumed so that a later wait sees a newer one. */
  async json<T = any>(type: string, where: (frame: T) => boolean = () => true): Promise<T> {
    const matches = (text: string) => {
      try {
        const frame = JSON.parse(text) as T & { type?: string };
        return frame.type === type && where(frame);
      } catch {
        return false;
      }
    };
    const text = await this.next(matches);
    this.frames.splice(this.frames.indexOf(text), 1);
    return JSON.parse(text) as T;
  }

  close(): void {
    this.ws.close();
  }
}
