import { connect, RequestError, TimeoutError, type NatsConnection, type Subscription } from '@nats-io/transport-node';

/** The subjects the nodes of one deployment talk on; `BUS_PREFIX` keeps deployments (and test runs) apart. */
export const SUBJECTS = {
  /** The active engine's ticks, which every other node folds into its own market. */
  ticks: 'market.ticks',
  /** Account frames for the sockets of every edge. */
  accountFrames: 'push.account',
  /** Sessions that ended (logout, password change): every edge closes their sockets. */
  sessionsEnded: 'push.sessions',
  /** Settings or the catalogue changed on one node: the others read them again. */
  changed: 'cluster.changed',
  /** Committed changes of wallets, so the engine hears a deposit credited on another node. */
  wallets: 'ledger.wallets',
  /** Order commands and live views, answered by the active engine only. */
  desk: 'engine.desk',
} as const;
type Subject = (typeof SUBJECTS)[keyof typeof SUBJECTS];

/** The engine did not answer: none is active (a takeover is under way) or it did not answer in time. */
export class NoEngine extends Error {
  constructor(readonly delivered: 'no' | 'maybe') {
    super(delivered === 'no' ? 'no engine is active' : 'the engine did not answer in time');
  }
}

/** JSON messages over NATS: publish, subscribe, request and reply. */
export class Bus {
  private up = true;

  private constructor(private readonly nc: NatsConnection, private readonly prefix: string) {
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect') this.up = false;
        else if (status.type === 'reconnect') this.up = true;
      }
    })();
  }

  static async open(url: string, { prefix = '', name }: { prefix?: string; name: string }): Promise<Bus> {
    const nc = await connect({ servers: url.split(','), name, maxReconnectAttempts: -1 });
    return new Bus(nc, prefix);
  }

  publish(subject: Subject, value: unknown): void {
    this.nc.publish(this.prefix + subject, JSON.stringify(value));
  }

  subscribe<T>(subject: Subject, handle: (value: T) => void): () => void {
    const sub = this.nc.subscribe(this.prefix + subject, {
      callback: (error, msg) => {
        if (error) return;
        // One bad message must not end the node: it is told and dropped.
        try {
          handle(msg.json<T>());
        } catch (failure) {
          console.error(`bus: a message on ${subject} could not be handled`, failure);
        }
      },
    });
    return () => sub.unsubscribe();
  }

  /** Asks whoever answers `subject`; `NoEngine` when nobody does within `timeoutMs`. */
  async request<T>(subject: Subject, value: unknown, timeoutMs: number): Promise<T> {
    try {
      return (await this.nc.request(this.prefix + subject, JSON.stringify(value), { timeout: timeoutMs })).json<T>();
    } catch (error) {
      if (error instanceof RequestError && error.isNoResponders()) throw new NoEngine('no');
      if (error instanceof TimeoutError || (error instanceof RequestError && error.cause instanceof TimeoutError)) throw new NoEngine('maybe');
      throw error;
    }
  }

  /**
   * Answers every request on `subject` with what `answer` resolves to (undefined: no answer from
   * here, another node's is awaited), until the returned stop is called.
   */
  serve(subject: Subject, answer: (value: unknown) => Promise<unknown>): () => Promise<void> {
    const sub: Subscription = this.nc.subscribe(this.prefix + subject, {
      callback: (error, msg) => {
        if (error) return;
        void Promise.resolve()
          .then(() => answer(msg.json()))
          .then((reply) => reply !== undefined && msg.respond(JSON.stringify(reply)))
          .catch((failure) => console.error(`bus: a request on ${subject} could not be answered`, failure));
      },
    });
    return () => sub.drain();
  }

  /** Whether the connection to the bus is up now (for readiness). */
  get connected(): boolean {
    return this.up && !this.nc.isClosed();
  }

  async close(): Promise<void> {
    await this.nc.drain().catch(() => this.nc.close());
  }
}
