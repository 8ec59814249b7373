import { Component, type ReactNode } from 'react';
import { Retry } from '../shared/ui/retry';

/**
 * A screen that cannot open (its files failed twice, or it threw) says so and offers to load the
 * page again, with the tab bar and banner still there, instead of leaving the page blank.
 */
export class ScreenFault extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <Retry onRetry={() => location.reload()} /> : this.props.children;
  }
}
