import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacters, jsonComplexity } from './text';

describe('hasForbiddenCharacters', () => {
  it('finds a NUL byte or a lone surrogate anywhere in a value', () => {
    expect(hasForbiddenCharacters('a\u0000b')).toBe(true);
    expect(hasForbiddenCharacters('\uD800')).toBe(true);
    expect(hasForbiddenCharacters('x\uDC00')).toBe(true);
    expect(hasForbiddenCharacters({ data: { name: ['ok', 'bad\uD83D'] } })).toBe(true);
    expect(hasForbiddenCharacters({ 'k\u0000': 1 })).toBe(true);
  });

  it('accepts accents, emoji (paired surrogates) and non-strings', () => {
    expect(hasForbiddenCharacters('João Ação 🙏')).toBe(false);
    expect(hasForbiddenCharacters({ n: 1, b: true, x: null, list: ['ç'] })).toBe(false);
    expect(hasForbiddenCharacters(undefined)).toBe(false);
  });
});

describe('jsonComplexity', () => {
  it('finds nesting past the bound without recursion, and too many strings', () => {
    expect(jsonComplexity('['.repeat(6000))).toBe('depth');
    expect(jsonComplexity('{"a":'.repeat(40))).toBe('depth');
    expect(jsonComplexity(`[${'"x",'.repeat(20_000)}"x"]`)).toBe('strings');
  });

  it('accepts ordinary bodies, brackets inside strings and escaped quotes', () => {
    expect(jsonComplexity('{"items":[{"a":[1,2]},{"b":"[[[[\\"{{{{"}]}')).toBeNull();
    expect(jsonComplexity(`"${'['.repeat(1000)}"`)).toBeNull();
    expect(jsonComplexity('[[[1]]]', 3)).toBeNull();
    expect(jsonComplexity('[[[[1]]]]', 3)).toBe('depth');
  });
});
