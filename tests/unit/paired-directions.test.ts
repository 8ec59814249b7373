import { describe, expect, it } from 'vitest';
import { pairedDirections, withTextCleaned } from '../../server/platform/http/validation';

const [LRE, RLE, PDF, LRI, RLI, FSI, PDI] = ['\u202A', '\u202B', '\u202C', '\u2066', '\u2067', '\u2068', '\u2069'];

describe('direction embeddings and isolates in what people type', () => {
  it('keep the pairs phones and messaging apps put around copied text', () => {
    for (const text of [`${FSI}محمد${PDI}`, `${RLI}a${LRE}b${PDF}c${PDI}`, `${LRI}${RLI}x${PDI}${PDI}`, 'plain', '']) expect(pairedDirections(text)).toBe(text);
  });

  it('drop an opener never closed and a closer with nothing to close', () => {
    expect(pairedDirections(`${RLI}علي`)).toBe('علي');
    expect(pairedDirections(`Bank${PDI}`)).toBe('Bank');
    expect(pairedDirections(`${RLE}x`)).toBe('x');
    // Counted by UTF-16 unit: an emoji before it does not shift what is dropped.
    expect(pairedDirections(`😀${RLI}علي 😀`)).toBe('😀علي 😀');
    // A PDF cannot end an embedding across an isolate; a PDI ends the embeddings opened inside its isolate.
    expect(pairedDirections(`${RLE}a${LRI}b${PDF}c${PDI}d`)).toBe(`a${LRI}bc${PDI}d`);
    expect(pairedDirections(`${LRI}a${RLE}b${PDI}`)).toBe(`${LRI}a${RLE}b${PDI}`);
  });

  it('are paired in every text of a call, at any depth, and copied fields lose them all', () => {
    expect(withTextCleaned({ payee_name: `${RLI}علي`, names: { fa: `${FSI}x` }, list: [`${PDI}y`], payee_account: `${FSI}4444${PDI}`, n: 1 }))
      .toEqual({ payee_name: 'علي', names: { fa: 'x' }, list: ['y'], payee_account: '4444', n: 1 });
  });

  it('leave input deeper than any call\'s as it is, for the refusal that follows, without exhausting the stack', () => {
    let deep: unknown = `${RLI}x`;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(withTextCleaned(deep)).toBe(deep);
  });
});
