import { describe, expect, it } from 'vitest';
import { sameView } from '../../src/shared/flow/same-view';

describe('same view', () => {
  const row = { Id: 1 };
  it('is the same when every field is, lists compared row by row', () => {
    expect(sameView({ phase: 'ready', rows: [row] }, { phase: 'ready', rows: [row] })).toBe(true);
    expect(sameView({ n: Number.NaN }, { n: Number.NaN })).toBe(true);
  });
  it('differs on a changed figure, another row, or a new object', () => {
    expect(sameView({ phase: 'ready' }, { phase: 'loading' })).toBe(false);
    expect(sameView({ rows: [row] }, { rows: [{ Id: 1 }] })).toBe(false);
    expect(sameView({ rows: [row] }, { rows: [row, row] })).toBe(false);
    expect(sameView({ preview: { margin: '1' } }, { preview: { margin: '1' } })).toBe(false);
    expect(sameView({ a: 1 } as object, { a: 1, b: 2 } as object)).toBe(false);
  });
});
