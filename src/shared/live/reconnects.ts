import { socketActor } from '../root/root-actor';

/**
 * Calls `back` each time the socket is live again after it was down: whatever it pushed meanwhile was
 * lost, so what was shown from its pushes should be fetched again.
 */
export function onReconnect(back: () => void): () => void {
  let down = false;
  const subscription = socketActor().subscribe((snapshot) => {
    if (snapshot.matches('reconnecting')) down = true;
    else if (down && snapshot.matches({ connected: 'live' })) {
      down = false;
      back();
    }
  });
  return () => subscription.unsubscribe();
}
