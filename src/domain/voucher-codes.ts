/**
 * Voucher codes (product-spec.md §3, §5): 8 characters from an alphabet without look-alikes (no 0/o, 1/l/i),
 * stored lower-case, shown XXXX-XXXX upper-case. Pure: randomness comes in as bytes.
 */
import { VOUCHER_LENGTH } from './registrations.ts';

export const VOUCHER_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Bytes at or above this are skipped so every character is equally likely (248 = 31 × 8). */
const UNBIASED_LIMIT = 256 - (256 % VOUCHER_ALPHABET.length);

/**
 * A code from random bytes, or null when they were not enough (too many skipped; ask again with
 * more bytes). 16 bytes are almost always enough.
 */
export function voucherCodeFrom(bytes: Uint8Array): string | null {
  let code = '';
  for (const byte of bytes) {
    if (byte >= UNBIASED_LIMIT) continue;
    code += VOUCHER_ALPHABET[byte % VOUCHER_ALPHABET.length];
    if (code.length === VOUCHER_LENGTH) return code;
  }
  return null;
}
