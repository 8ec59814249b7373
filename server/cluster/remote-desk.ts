import { randomUUID } from 'node:crypto';
import type { Order } from '../../contract/trading';
import type { MessageKey, MessageParams } from '../platform/i18n/messages';
import { refuse, Refusal } from '../platform/http/refusal';
import type { AccountFigures } from '../trading/book';
import type { Desk, LiveView } from '../trading/desk';
import type { StopLevels, SubmitInput } from '../trading/engine';
import { NoEngine, SUBJECTS, type Bus } from './bus';

/** How long an order may wait for an engine (a takeover under way) before it is refused with "try again". */
export const ORDER_WAIT_MS = 1800;
/** A list shows stored figures rather than wait longer than this for live ones. */
const VIEW_WAIT_MS = 1000;
const RETRY_MS = 150;

type Op = 'submit' | 'close' | 'cancel' | 'setStops' | 'resetDemo' | 'live' | 'figures' | 'refresh';
interface Command { op: Op; userId: number; args: unknown[] }
type Answer = { ok: unknown } | { refused: { key: string; params: MessageParams } } | { failed: string };

/**
 * The active engine seen from an edge: every call is a request on the bus, answered by whichever
 * node leads. A submit carries a `client_order_id` (the trader's, or one made here), so it is
 * retried safely until an engine answers: after a takeover, or if its first answer was lost, the
 * engine returns the order it already made. Other commands are retried only when no engine heard them.
 */
export class RemoteDesk implements Desk {
  constructor(private readonly bus: Bus) {}

  submit(userId: number, input: SubmitInput): Promise<Order> {
    const keyed = { ...input, requestId: input.requestId ?? randomUUID() };
    return this.ask({ op: 'submit', userId, args: [keyed] }, { waitMs: ORDER_WAIT_MS, retryUnanswered: true }) as Promise<Order>;
  }

  close(userId: number, id: number): Promise<void> {
    return this.command({ op: 'close', userId, args: [id] });
  }

  cancel(userId: number, id: number): Promise<void> {
    return this.command({ op: 'cancel', userId, args: [id] });
  }

  setStops(userId: number, id: number, levels: StopLevels): Promise<void> {
    return this.command({ op: 'setStops', userId, args: [id, levels] });
  }

  resetDemo(userId: number): Promise<void> {
    return this.command({ op: 'resetDemo', userId, args: [] });
  }

  /** Without an engine the list still shows, with the prices and P&L last stored. */
  async live(userId: number): Promise<LiveView | undefined> {
    try {
      return (await this.ask({ op: 'live', userId, args: [] }, { waitMs: VIEW_WAIT_MS, retryUnanswered: false })) as LiveView | undefined;
    } catch (error) {
      if (error instanceof Refusal && error.key === 'engine_unavailable') return undefined;
      throw error;
    }
  }

  /** Money decisions need the open loss: without an engine they are refused, not guessed. */
  figures(userId: number): Promise<AccountFigures | undefined> {
    return this.ask({ op: 'figures', userId, args: [] }, { waitMs: VIEW_WAIT_MS, retryUnanswered: false }) as Promise<AccountFigures | undefined>;
  }

  async refresh(userId: number): Promise<void> {
    await this.ask({ op: 'refresh', userId, args: [] }, { waitMs: VIEW_WAIT_MS, retryUnanswered: false });
  }

  private async command(command: Command): Promise<void> {
    await this.ask(command, { waitMs: ORDER_WAIT_MS, retryUnanswered: false });
  }

  private async ask(command: Command, { waitMs, retryUnanswered }: { waitMs: number; retryUnanswered: boolean }): Promise<unknown> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) return refuse('engine_unavailable');
      try {
        return open(await this.bus.request<Answer>(SUBJECTS.desk, command, left));
      } catch (error) {
        if (!(error instanceof NoEngine)) throw error;
        // An engine may have heard a command that timed out: only a keyed submit may go again.
        if (error.delivered === 'maybe' && !retryUnanswered) return refuse('engine_unavailable');
        await new Promise((resolve) => setTimeout(resolve, Math.min(RETRY_MS, Math.max(0, deadline - Date.now()))));
      }
    }
  }
}

function open(answer: Answer): unknown {
  if ('ok' in answer) return answer.ok ?? undefined;
  if ('refused' in answer) throw new Refusal(answer.refused.key as MessageKey, answer.refused.params);
  throw new Error(`engine: ${answer.failed}`);
}

/**
 * Answers the bus's desk requests with this node's engine, while it leads. Returns the stop. An
 * engine that has lost the lead (`current` says a newer epoch was heard, or its fence refused a
 * write) does not answer: the request is the active engine's to answer, and an answer from here
 * would win the race with a stale view or a "try again" for a command the active engine carried out.
 */
export function serveDesk(bus: Bus, desk: Desk, current: () => boolean): () => Promise<void> {
  return bus.serve(SUBJECTS.desk, async (value): Promise<Answer | undefined> => {
    if (!current()) return undefined;
    const { op, userId, args } = value as Command;
    try {
      const result = await (desk[op] as (userId: number, ...rest: unknown[]) => Promise<unknown>).call(desk, userId, ...args);
      // Done under a fence that held, it is done: said so, whatever was heard since.
      return { ok: result ?? null };
    } catch (error) {
      if (error instanceof Refusal && error.key === 'engine_unavailable') return undefined;
      if (error instanceof Refusal) return { refused: { key: error.key, params: error.params } };
      return { failed: (error as Error).message };
    }
  });
}
