import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../server/trading/group-commit';

/** A store stand-in: each batch is recorded; a batch holding a job named 'bad' fails as a whole. */
function fakeStore() {
  const batches: string[][] = [];
  const alone: string[] = [];
  let release: (() => void) | undefined;
  const commits = new GroupCommit<string, string>(
    async (jobs) => {
      batches.push(jobs);
      if (batches.length === 1) await new Promise<void>((r) => (release = r)); // the first write is slow
      if (jobs.includes('bad')) throw new Error('check violation');
      return jobs.map((j) => (j === 'refused' ? new Error('order_not_open') : `${j}:ok`));
    },
    async (job) => {
      alone.push(job);
      if (job === 'bad') throw new Error('insufficient_balance');
      return `${job}:alone`;
    },
  );
  return { commits, batches, alone, release: () => release?.() };
}

/** The next turn of the event loop, when jobs that arrived in this one have been taken. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('sends the jobs that arrive in the same turn of the event loop in one batch', async () => {
    const store = fakeStore();
    const all = ['a', 'b', 'c'].map((j) => store.commits.run(j));
    await turn();
    expect(store.batches).toEqual([['a', 'b', 'c']]);
    store.release();
    expect(await Promise.all(all)).toEqual(['a:ok', 'b:ok', 'c:ok']);
  });

  it('sends the jobs that arrive during a write together in the next one, and answers each after its own', async () => {
    const store = fakeStore();
    const first = store.commits.run('a');
    await turn();
    const rest = ['b', 'c', 'd'].map((j) => store.commits.run(j));
    await turn();
    expect(store.batches).toEqual([['a']]);
    store.release();
    expect(await first).toBe('a:ok');
    expect(await Promise.all(rest)).toEqual(['b:ok', 'c:ok', 'd:ok']);
    expect(store.batches).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('answers a job refused inside a batch with its own error, and the others succeed', async () => {
    const store = fakeStore();
    const first = store.commits.run('a');
    await turn();
    const refused = store.commits.run('refused');
    const other = store.commits.run('e');
    store.release();
    await first;
    await expect(refused).rejects.toThrow('order_not_open');
    expect(await other).toBe('e:ok');
  });

  it('writes a failed batch again one job at a time, so that only the job at fault fails', async () => {
    const store = fakeStore();
    const first = store.commits.run('a');
    await turn();
    const jobs = ['x', 'bad', 'y'].map((j) => store.commits.run(j));
    store.release();
    await first;
    const settled = await Promise.allSettled(jobs);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual(['x:alone', 'insufficient_balance', 'y:alone']);
    expect(store.alone).toEqual(['x', 'bad', 'y']);
  });

  it('writes up to its number of writers at once, each taking what waits', async () => {
    const releases: (() => void)[] = [];
    const batches: string[][] = [];
    const commits = new GroupCommit<string, string>(async (jobs) => {
      batches.push(jobs);
      await new Promise<void>((r) => releases.push(r));
      return jobs.map((j) => `${j}:ok`);
    }, async (job) => job, 2);
    const all = [commits.run('a')];
    await turn();
    all.push(commits.run('b'));
    await turn();
    // 'a' and 'b', in turns of their own, each start a writer; 'c' and 'd' wait for the first one free.
    all.push(commits.run('c'), commits.run('d'));
    await turn();
    expect(batches).toEqual([['a'], ['b']]);
    releases[0]!();
    await all[0];
    await turn();
    expect(batches).toEqual([['a'], ['b'], ['c', 'd']]);
    releases[1]!();
    releases[2]!();
    expect(await Promise.all(all)).toEqual(['a:ok', 'b:ok', 'c:ok', 'd:ok']);
  });
});
