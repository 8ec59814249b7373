import { connectSocket } from '../../../machines/shared/socket.connect';
import { socketActor } from '../root/root-actor';

/**
 * Calls `back` each time the socket is live again after it was down: whatever it pushed meanwhile was
 * lost, so what was shown from its pushes should be fetched again. A socket already down when this
 * starts (a screen opened while offline) counts too.
 */
export function onReconnect(back: () => void): () => void {
  let down = connectSocket(socketActor().getSnapshot()).isReconnecting;
  const subscription = socketActor().subscribe((snapshot) => {
    const { isReconnecting, isLive } = connectSocket(snapshot);
    if (isReconnecting) down = true;
    else if (down && isLive) {
      down = false;
      back();
    }
  });
  return () => subscription.unsubscribe();
}
