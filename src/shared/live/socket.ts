import { socketActor } from '../root/root-actor';

/** Spec: the realtime connection is started on every navigation (a no-op while connected). */
export const startSocket = () => socketActor().send({ type: 'SOCKET.START' });
