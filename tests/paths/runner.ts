import { getShortestPaths } from '@xstate/graph';
import {
  createActor, fromPromise, SimulatedClock,
  type AnyStateMachine, type AnyMachineSnapshot, type EventObject, type StateNode, type TransitionDefinition, type EventFromLogic,
} from 'xstate';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Path tests: every shortest path of a machine's graph, run against a real actor.
 * Invoked promise actors become deferreds the path resolves or rejects (`xstate.done.actor.*`,
 * `xstate.error.actor.*` steps); delays run on a SimulatedClock (`xstate.after.*` steps).
 */
export interface PathSuite<M extends AnyStateMachine = AnyStateMachine> {
  machine: M;
  input?: unknown;
  /** Several inputs: the paths of each are run, coverage is summed. */
  inputs?: unknown[];
  /** Sample user events (with payloads) offered in every state. */
  events: EventFromLogic<M>[];
  /** Outputs offered for each invoked promise actor, by invoke id. */
  outputs?: Record<string, unknown[]>;
  /** Invoke ids of child machines that stay real (not turned into deferreds). */
  realChildren?: string[];
  /** Context projected into the graph key: keep it small so the graph stays finite. */
  project?: (context: any) => unknown;
}

const nodesOf = (snapshot: AnyMachineSnapshot): StateNode[] => (snapshot as unknown as { _nodes: StateNode[] })._nodes;

function allStateNodes(machine: AnyStateMachine): StateNode[] {
  const out: StateNode[] = [];
  const walk = (node: StateNode) => {
    out.push(node);
    Object.values(node.states).forEach((child) => walk(child as StateNode));
  };
  walk(machine.root as unknown as StateNode);
  return out;
}

function transitionsDefined(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  for (const node of allStateNodes(machine)) {
    for (const [type, list] of node.transitions) list.forEach((t) => keys.add(`${node.id}|${type}|${indexOf(t)}`));
    node.always?.forEach((t) => keys.add(`${node.id}|always|${indexOf(t)}`));
  }
  return keys;
}

/** Position of a transition among its source's transitions for the same event. */
function indexOf(t: TransitionDefinition<any, any>): number {
  const list = t.eventType ? t.source.transitions.get(t.eventType) : t.source.always;
  return Math.max(0, list?.indexOf(t) ?? 0);
}

function delayMs(machine: AnyStateMachine, ref: string, snapshot: AnyMachineSnapshot): number {
  if (/^\d+$/.test(ref)) return Number(ref);
  const delay = (machine.implementations.delays as Record<string, unknown>)[ref];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function') return (delay as (args: { context: unknown }) => number)({ context: snapshot.context });
  throw new Error(`delay ${ref} is unknown`);
}

/** Events a snapshot can take: user samples, done/error of its invokes, its delays. */
function eventsFor(suite: PathSuite<AnyStateMachine>, snapshot: AnyMachineSnapshot): EventObject[] {
  // Only events the snapshot handles: ignored events would only add self-loops to the graph.
  const events: EventObject[] = suite.events.filter((e) => snapshot.can(e));
  for (const node of nodesOf(snapshot)) {
    for (const inv of node.invoke) {
      if (suite.realChildren?.includes(inv.id)) continue;
      for (const output of suite.outputs?.[inv.id] ?? [undefined]) {
        events.push({ type: `xstate.done.actor.${inv.id}`, output } as EventObject);
      }
      events.push({ type: `xstate.error.actor.${inv.id}`, error: new Error('refused') } as EventObject);
    }
    for (const t of node.after) events.push({ type: t.eventType });
  }
  return events;
}

export function pathSuite<M extends AnyStateMachine>(name: string, suite: PathSuite<M>) {
  const { machine } = suite;
  // The event and the state it left are part of the key, so every transition gets a path, not just every state.
  const serialize = (s: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot) =>
    JSON.stringify([s.value, s.status, suite.project?.(s.context) ?? null, event?.type ?? null, prev?.value ?? null]);
  const paths = (suite.inputs ?? [suite.input]).flatMap((input) =>
    getShortestPaths(machine, {
      input: input as never,
      events: (s) => eventsFor(suite as PathSuite<AnyStateMachine>, s as AnyMachineSnapshot) as EventFromLogic<M>[],
      serializeState: (s, event, prev) => serialize(s as AnyMachineSnapshot, event as EventObject | undefined, prev as AnyMachineSnapshot | undefined),
    }).map((path) => ({ ...path, input })),
  );

  const reached = new Set<string>();
  const taken = new Set<string>();
  const defined = transitionsDefined(machine);
  const stateIds = allStateNodes(machine).map((n) => n.id);

  describe(`${name} paths`, () => {
    afterAll(() => {
      const states = stateIds.filter((id) => reached.has(id)).length;
      const edges = [...defined].filter((k) => taken.has(k)).length;
      console.log(`[paths] ${name}: states ${states}/${stateIds.length}, transitions ${edges}/${defined.size}, paths ${paths.length}`);
      const untaken = [...defined].filter((k) => !taken.has(k));
      if (untaken.length > 0) console.log(`[paths] ${name}: transitions not taken: ${untaken.join(', ')}`);
      const missed = stateIds.filter((id) => !reached.has(id));
      expect(missed, `states never reached in ${name}`).toEqual([]);
    });

    it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' > ') || '(initial)', p] as const))(
      'path %i: %s',
      async (_i, _label, path) => {
        const record = (s: AnyMachineSnapshot) => nodesOf(s).forEach((n) => reached.add(n.id));
        const clock = new SimulatedClock();
        const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
        const deferred = fromPromise(({ self }) => new Promise((resolve, reject) => pending.set(self.id, { resolve, reject })));
        const actorNames = Object.keys(machine.implementations.actors).filter((n) => !suite.realChildren?.some((c) => c === n));
        const actor = createActor(
          machine.provide({ actors: Object.fromEntries(actorNames.map((n) => [n, deferred])) }),
          {
            input: path.input,
            clock,
            // Every microstep shows the states entered (transient ones too) and the transitions taken.
            inspect: (ev) => {
              if (ev.type !== '@xstate.microstep' || (ev.actorRef as unknown as { _parent?: unknown })._parent) return;
              record(ev.snapshot as AnyMachineSnapshot);
              for (const t of (ev as unknown as { _transitions: TransitionDefinition<any, any>[] })._transitions) {
                reached.add(t.source.id);
                taken.add(`${t.source.id}|${t.eventType || 'always'}|${indexOf(t)}`);
              }
            },
          },
        );
        actor.start();
        // Promise actors settle in microtasks; a few turns let their done events arrive.
        const settle = async () => {
          for (let i = 0; i < 10; i++) await Promise.resolve();
        };
        record(actor.getSnapshot());
        for (const step of path.steps) {
          const type = step.event.type;
          await settle();
          if (type === 'xstate.init') {
            // The first step is the actor's start.
          } else if (type.startsWith('xstate.done.actor.')) {
            pending.get(type.slice('xstate.done.actor.'.length))!.resolve((step.event as { output?: unknown }).output);
          } else if (type.startsWith('xstate.error.actor.')) {
            pending.get(type.slice('xstate.error.actor.'.length))!.reject((step.event as { error?: unknown }).error);
          } else if (type.startsWith('xstate.after.')) {
            clock.increment(delayMs(machine, type.slice('xstate.after.'.length).split('.')[0]!, actor.getSnapshot()));
          } else {
            actor.send(step.event);
          }
          await settle();
          const after = actor.getSnapshot();
          expect(after.value).toEqual(step.state.value);
          expect(suite.project?.(after.context) ?? null).toEqual(suite.project?.(step.state.context) ?? null);
          record(after);
        }
        actor.stop();
      },
    );
  });
}
