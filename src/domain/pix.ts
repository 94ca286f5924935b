/**
 * The PIX 'copia e cola' code and its QR: the Banco Central do Brasil's BR Code (EMV® QRCPS
 * merchant-presented layout, 'Manual de Padrões para Iniciação do Pix'), static, with the amount and
 * a transaction id. Each field is ID (2 digits) + length (2 digits) + value; the last one is the
 * CRC16-CCITT (polynomial 0x1021, initial 0xFFFF) over everything before it, "6304" included, in 4
 * upper-case hex digits. Pure; shared by the checkout (the member's code), the staff review (the
 * expected txid) and the local Mercado Pago stand-in.
 */

/** What a code carries. */
export interface BrCodeInput {
  /** The receiver's PIX key (e-mail, phone +55…, CPF/CNPJ digits or random key). */
  key: string;
  /** Centavos; 0 or absent leaves the amount to the payer. */
  amountCents?: number;
  /** Up to 25 letters and digits; '***' when none (the spec's "no txid"). */
  txid?: string;
  /** Up to 25 characters, without accents. */
  merchantName?: string;
  /** Up to 15 characters, without accents. */
  merchantCity?: string;
}

export interface DecodedBrCode {
  key: string;
  amountCents: number | null;
  txid: string;
  merchantName: string;
  merchantCity: string;
  crc: string;
  /** The CRC matches the payload. */
  crcValid: boolean;
}

export const DEFAULT_MERCHANT_NAME = 'CONGREGA';
export const DEFAULT_MERCHANT_CITY = 'SAO PAULO';
const GUI = 'br.gov.bcb.pix';

function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Letters, digits and spaces without accents (what EMV fields accept), cut to `max`. */
function plain(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .trim()
    .slice(0, max);
}

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection) in 4 upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The static BR Code for a PIX of `amountCents` to `key`, identified by `txid`. */
export function brCode(input: BrCodeInput): string {
  const txid = (input.txid ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
  const amount = input.amountCents && input.amountCents > 0 ? (input.amountCents / 100).toFixed(2) : null;
  const payload =
    field('00', '01') +
    field('26', field('00', GUI) + field('01', input.key.trim())) +
    field('52', '0000') +
    field('53', '986') +
    (amount ? field('54', amount) : '') +
    field('58', 'BR') +
    field('59', plain(input.merchantName ?? DEFAULT_MERCHANT_NAME, 25) || DEFAULT_MERCHANT_NAME) +
    field('60', plain(input.merchantCity ?? DEFAULT_MERCHANT_CITY, 15) || DEFAULT_MERCHANT_CITY) +
    field('62', field('05', txid)) +
    '6304';
  return payload + crc16(payload);
}

/** ID-length-value fields of a payload (null when it does not parse). */
function fields(payload: string): Map<string, string> | null {
  const out = new Map<string, string>();
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(payload.slice(i + 2, i + 4))) return null;
    const value = payload.slice(i + 4, i + 4 + len);
    if (value.length !== len) return null;
    out.set(id, value);
    i += 4 + len;
  }
  return out;
}

/** Reads a BR Code back (amount, key, txid, CRC); null when it is not one. */
export function decodeBrCode(code: string): DecodedBrCode | null {
  const text = code.trim();
  const top = fields(text);
  if (!top) return null;
  const account = top.get('26');
  const crc = top.get('63');
  if (top.get('00') !== '01' || !account || !crc) return null;
  const pix = fields(account);
  if (!pix || pix.get('00')?.toLowerCase() !== GUI) return null;
  const additional = fields(top.get('62') ?? '');
  const amount = top.get('54');
  return {
    key: pix.get('01') ?? '',
    amountCents: amount ? Math.round(Number(amount) * 100) : null,
    txid: additional?.get('05') ?? '',
    merchantName: top.get('59') ?? '',
    merchantCity: top.get('60') ?? '',
    crc,
    crcValid: crc16(text.slice(0, -4)) === crc.toUpperCase(),
  };
}

/**
 * The transaction id of a registration's PIX: 'CG' + its 6-digit check-in code + the first 8 hex
 * digits of its id, so the bank statement names the registration (the code alone repeats across
 * events). 16 characters, letters and digits only, as the BR Code's field 62-05 requires.
 */
export function pixTxid(registration: { id: string; seq: string }): string {
  return `CG${registration.seq.trim()}${registration.id.replace(/-/g, '').slice(0, 8)}`.toUpperCase();
}
