import { Component, type ReactNode } from 'react';
import { Retry } from '../shared/ui/retry';
import { socketActor } from '../shared/root/root-actor';

/**
 * A screen that cannot open (its files failed twice, or it threw) says so and offers to load the
 * page again, with the tab bar and banner still there, instead of leaving the page blank. When the
 * server could not be reached, the page loads again by itself once the socket is back.
 */
export class ScreenFault extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  private watch?: { unsubscribe(): void };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    // Counted from a failed connection, not a page's first: a screen that fails with the server up
    // does not load the page over and over.
    const socket = socketActor();
    let down = socket.getSnapshot().context.attempt > 0;
    this.watch = socket.subscribe((s) => {
      if (s.context.attempt > 0) down = true;
      else if (down && s.matches({ connected: 'live' })) location.reload();
    });
  }
  override componentWillUnmount() {
    this.watch?.unsubscribe();
  }
  override render() {
    return this.state.failed ? <Retry onRetry={() => location.reload()} /> : this.props.children;
  }
}
