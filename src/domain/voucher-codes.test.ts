import { describe, expect, it } from 'vitest';
import { formatVoucher } from './registrations.ts';
import { VOUCHER_ALPHABET, voucherCodeFrom } from './voucher-codes.ts';

describe('voucher codes', () => {
  it('has no look-alike characters', () => {
    for (const c of '0o1li') expect(VOUCHER_ALPHABET).not.toContain(c);
    expect(VOUCHER_ALPHABET).toHaveLength(31);
  });
  it('maps bytes to 8 characters, skipping the biased top bytes', () => {
    expect(voucherCodeFrom(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7]))).toBe('abcdefgh');
    expect(voucherCodeFrom(new Uint8Array([255, 248, 0, 1, 2, 3, 4, 5, 6, 30]))).toBe('abcdefg9');
    expect(voucherCodeFrom(new Uint8Array([0, 1, 2]))).toBeNull();
  });
  it('shows XXXX-XXXX upper-case', () => {
    expect(formatVoucher('abcd2345')).toBe('ABCD-2345');
  });
});
