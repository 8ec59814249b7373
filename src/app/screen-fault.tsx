import { Component, type ReactNode } from 'react';
import { Retry } from '../shared/ui/retry';
import { onReconnect } from '../shared/live/reconnects';

/**
 * A screen that cannot open (its files failed twice, or it threw) says so and offers to load the
 * page again, with the tab bar and banner still there, instead of leaving the page blank. When the
 * server could not be reached, the page loads again by itself once the socket is back.
 */
export class ScreenFault extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  private stopWatching?: () => void;
  static getDerivedStateFromError() {
    return { failed: true };
  }
  // Only a connection back after one that failed reloads (reconnects.ts): a screen that fails with
  // the server up does not load the page over and over.
  override componentDidCatch() {
    this.stopWatching = onReconnect(() => location.reload());
  }
  override componentWillUnmount() {
    this.stopWatching?.();
  }
  override render() {
    return this.state.failed ? <Retry onRetry={() => location.reload()} /> : this.props.children;
  }
}
