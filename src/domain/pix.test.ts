import { hasError, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { brCode, crc16, decodeBrCode, pixTxid } from './pix.ts';

// The Banco Central's own example (Manual de Padrões para Iniciação do Pix, static BR Code with a
// random key, no amount, no txid).
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('BR Code (PIX copia e cola)', () => {
  it('computes the CRC16 of the BCB example and decodes it', () => {
    expect(crc16(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D');
    expect(decodeBrCode(BCB_EXAMPLE)).toEqual({
      key: '123e4567-e12b-12d1-a456-426655440000',
      amountCents: null,
      txid: '***',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      crc: '1D3D',
      crcValid: true,
    });
  });

  it('writes the BCB example byte for byte from its key, name and city (accents dropped)', () => {
    const key = '123e4567-e12b-12d1-a456-426655440000';
    expect(brCode({ key, merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' })).toBe(BCB_EXAMPLE);
    expect(decodeBrCode(brCode({ key, merchantCity: 'Brasília' }))?.merchantCity).toBe('Brasilia');
  });

  it('a reference decoder (pix-utils) reads our code: key, amount, txid, valid CRC', () => {
    const code = brCode({ key: '+5511987654321', amountCents: 12345, txid: 'CG042137AB12CD34' });
    const parsed = parsePix(code);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({
      type: 'STATIC',
      pixKey: '+5511987654321',
      transactionAmount: 123.45,
      txid: 'CG042137AB12CD34',
      merchantName: 'CONGREGA',
      merchantCity: 'SAO PAULO',
    });
  });

  it('carries amount, key and txid; the CRC covers them', () => {
    const code = brCode({ key: 'pix@igreja.org.br', amountCents: 4990, txid: 'CG123456ABCDEF12' });
    expect(code).toContain('540549.90');
    const decoded = decodeBrCode(code)!;
    expect(decoded).toMatchObject({
      key: 'pix@igreja.org.br',
      amountCents: 4990,
      txid: 'CG123456ABCDEF12',
      crcValid: true,
    });
    // one changed digit anywhere and the CRC no longer matches
    const tampered = code.replace('49.90', '19.90');
    expect(decodeBrCode(tampered)?.crcValid).toBe(false);
    expect(decodeBrCode('não é um código')).toBeNull();
  });

  it('the txid names the registration: CG + check-in code + id start, letters and digits', () => {
    expect(pixTxid({ id: 'ab12cd34-0000-4000-8000-000000000000', seq: '042137' })).toBe('CG042137AB12CD34');
  });
});
