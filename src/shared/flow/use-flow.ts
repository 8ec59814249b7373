import { useActorRef } from '@xstate/react';
import type { AnyStateMachine, InputFrom } from 'xstate';
import { actorOptions } from './inspector';

/** A screen's machine actor: lives as long as the screen, visible in the inspector. */
export function useFlow<M extends AnyStateMachine>(machine: M, input?: InputFrom<M>) {
  return useActorRef(machine, { ...(input === undefined ? {} : { input }), ...actorOptions() } as never);
}
