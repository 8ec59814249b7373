import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { sameView } from './same-view';

type SnapshotOf<A> = A extends { getSnapshot(): infer S } ? S : undefined;

/**
 * What a machine's connect function says the screen shows. The screen re-renders only when a
 * figure of the view changes, not on every snapshot of the actor.
 */
export function useView<A extends Pick<AnyActorRef, 'subscribe' | 'getSnapshot'> | undefined, V extends object>(
  actor: A,
  connect: (snapshot: SnapshotOf<A>) => V,
): V {
  return useSelector(actor, connect, sameView);
}
