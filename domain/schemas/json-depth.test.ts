import { describe, expect, it } from 'vitest';
import { JSON_DEPTH_MAX } from '../constants';
import { createJsonDepthScanner, exceedsJsonDepth } from './json-depth';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('the JSON depth pre-scan', () => {
  it('accepts nesting up to the limit and refuses one level past it', () => {
    expect(exceedsJsonDepth(nested(JSON_DEPTH_MAX))).toBe(false);
    expect(exceedsJsonDepth(nested(JSON_DEPTH_MAX + 1))).toBe(true);
    expect(exceedsJsonDepth('{"a":{"b":[1,{"c":[]}]}}', 5)).toBe(false);
    expect(exceedsJsonDepth('{"a":{"b":[1,{"c":[]}]}}', 4)).toBe(true);
    // Depth is how deep, not how many: siblings never add up.
    expect(exceedsJsonDepth(`[${Array(1000).fill('[[]]').join(',')}]`, 3)).toBe(false);
  });

  it('counts no bracket inside a string, escaped quotes included', () => {
    expect(exceedsJsonDepth(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ a: 'say "[[[["', b: '\\' }), 1)).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ a: '\\', b: [[1]] }), 2)).toBe(true);
  });

  it('reads a depth of 100,000 and answers at the first character past the limit', () => {
    expect(exceedsJsonDepth(nested(100_000))).toBe(true);
    // Refused text need not be JSON at all: nothing after the limit is read.
    expect(exceedsJsonDepth(`${'['.repeat(JSON_DEPTH_MAX + 1)}\u0000 not json`)).toBe(true);
  });

  it('keeps its place across pieces, as a streamed body arrives', () => {
    const scanner = createJsonDepthScanner(2);
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(scanner.push(bytes('{"a":"x\\'))).toBe(false);
    // The escaped quote continues the string: its brackets still do not count.
    expect(scanner.push(bytes('" [[[ é",'))).toBe(false);
    expect(scanner.push('"b":[1]')).toBe(false);
    expect(scanner.push(',"c":[[')).toBe(true);
    expect(scanner.push(']]}')).toBe(true);
  });

  it('leaves malformed text to the parser: unbalanced closers never refuse', () => {
    expect(exceedsJsonDepth(']]]]]]{}')).toBe(false);
  });
});
