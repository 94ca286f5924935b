import { describe, expect, it } from 'vitest';
import {
  displayName,
  firstName,
  initialsOf,
  metadataName,
  NAME_MAX_LENGTH,
  normalizeName,
} from './people.ts';

describe('display name', () => {
  it('prefers the signup display_name, then Google full_name, then name', () => {
    expect(metadataName({ display_name: 'Ana Souza', full_name: 'Ana B. Souza' })).toBe('Ana Souza');
    expect(metadataName({ full_name: 'Ana B. Souza', name: 'Ana' })).toBe('Ana B. Souza');
    expect(metadataName({ name: 'Ana' })).toBe('Ana');
    expect(metadataName({ display_name: '   ', name: 42 })).toBeNull();
    expect(metadataName(undefined)).toBeNull();
  });

  it('normalises whitespace and caps the length', () => {
    expect(normalizeName('  Maria \t da   Silva ')).toBe('Maria da Silva');
    expect(normalizeName('a'.repeat(200))).toHaveLength(NAME_MAX_LENGTH);
  });

  it('falls back to the e-mail local part, then to Membro', () => {
    expect(displayName({}, 'joao.silva@example.com')).toBe('joao.silva');
    expect(displayName(null, '')).toBe('Membro');
    expect(displayName({ display_name: ' Jo  Lima ' }, 'x@y.z')).toBe('Jo Lima');
  });

  it('greets by the first word, never by an e-mail', () => {
    expect(firstName('Maria  da Silva')).toBe('Maria');
    expect(firstName(' Ana')).toBe('Ana');
    expect(firstName('maria@example.com')).toBe('');
    expect(firstName('')).toBe('');
  });
});

describe('initialsOf', () => {
  it('takes the first and last word, upper-cased', () => {
    expect(initialsOf('Maria da Silva')).toBe('MS');
    expect(initialsOf('ana')).toBe('A');
    expect(initialsOf('joao.silva@example.com')).toBe('JC');
    expect(initialsOf('Élida Ávila')).toBe('ÉÁ');
    expect(initialsOf('   ')).toBe('?');
  });
});
