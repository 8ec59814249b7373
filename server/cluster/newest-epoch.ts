/**
 * The newest engine epoch this node has heard of: in the active engine's ticks and account frames on
 * the bus, or its own when it leads. What carries an older epoch comes from a leader that lost the
 * lead without knowing yet (paused past its lease, then woken): its ticks and pushes are dropped, and
 * such a leader, hearing a newer epoch, stops answering the desk before its next renewal tells it.
 */
export class NewestEpoch {
  private newest = 0;

  /** Notes an epoch heard; false when it is older than one already heard. */
  heard(epoch: number): boolean {
    if (epoch < this.newest) return false;
    this.newest = epoch;
    return true;
  }

  /** Whether an engine leading under `epoch` may still be the active one. */
  current(epoch: number): boolean {
    return epoch >= this.newest;
  }
}
