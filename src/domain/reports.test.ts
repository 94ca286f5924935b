import { describe, expect, it } from 'vitest';
import { csvField, csvMoney, fileSlug, toCsv } from './csv.ts';
import { reportsMessages } from './messages/reports.ts';
import {
  type AttendeeRow,
  attendeesCsv,
  attendeesCsvName,
  BADGES_PER_SHEET,
  badgeQrContent,
  badgeSheets,
  filterTemples,
  groupReportEvents,
  parseLocation,
  templesCsv,
  templesCsvName,
} from './reports.ts';

describe('CSV for Excel pt-BR', () => {
  it('starts with the UTF-8 BOM, separates with ; and ends rows with CRLF', () => {
    expect(toCsv(['Nome', 'Valor'], [['Ângela', 1.5]])).toBe('\uFEFFNome;Valor\r\nÂngela;1,5\r\n');
  });

  it('quotes fields with ; quotes, line breaks or edge spaces, doubling inner quotes', () => {
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvField('linha\nnova')).toBe('"linha\nnova"');
    expect(csvField(' espaço')).toBe('" espaço"');
    expect(csvField('simples')).toBe('simples');
    expect(csvField(null)).toBe('');
  });

  it('keeps text Excel would run as a formula as text', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+5511')).toBe("'+5511");
    expect(csvField('@soma')).toBe("'@soma");
  });

  it('writes money with a decimal comma and no thousands dot, and names files plainly', () => {
    expect(csvMoney(450000)).toBe('4500,00');
    expect(csvMoney(5)).toBe('0,05');
    expect(fileSlug('Conferência Jovem 2026!')).toBe('conferencia-jovem-2026');
    expect(fileSlug('   ')).toBe('arquivo');
  });
});

describe('report files', () => {
  it('names each CSV for what it holds', () => {
    expect(templesCsvName('Conferência Jovem 2026')).toBe(
      'inscricoes-por-congregacao-conferencia-jovem-2026.csv',
    );
    expect(attendeesCsvName('Grande São Paulo', 'Conferência Jovem 2026')).toBe(
      'inscritos-grande-sao-paulo-conferencia-jovem-2026.csv',
    );
  });

  it('the congregation table: visitors and other ministries by name', () => {
    const csv = templesCsv([
      { id: 'a', name: 'Ipiranga', regional: 'Zona Sul', cnt: 3, total: 5 },
      { id: null, name: null, regional: 'custom', cnt: 1, total: 1 },
    ]);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Congregação;Regional;Pagas;Inscrições;Recebido (R$);Reembolsado (R$);Líquido (R$)',
      'Ipiranga;Zona Sul;3;5;0,00;0,00;0,00',
      'Outro ministério;Visitantes;1;1;0,00;0,00;0,00',
      '',
    ]);
  });

  it('the attendees: method and status in words, São Paulo date, money', () => {
    const row: AttendeeRow = {
      name: 'José; "Zé"',
      temple_name: 'Penha',
      regional: 'Zona Leste',
      strategy: 'cash',
      status: 'paid',
      created_at: '2026-03-10T22:05:00.000Z',
      frozen_value: 4500,
    };
    expect(attendeesCsv([row]).slice(1).split('\r\n')[1]).toBe(
      '"José; ""Zé""";Penha;Zona Leste;Pagamento presencial;Pago;10/03/2026 19:05;45,00',
    );
  });
});

describe('the screen', () => {
  it('has 8 different loading messages', () => {
    expect(new Set(reportsMessages.loadingMessages).size).toBe(8);
  });

  it('groups sub-events under their parent', () => {
    const e = (id: string, parent_id: string | null, starts_at = '2026-01-01T00:00:00Z') => ({
      id,
      title: id,
      starts_at,
      parent_id,
    });
    expect(
      groupReportEvents([
        e('p', null),
        e('c2', 'p', '2026-01-03T00:00:00Z'),
        e('c1', 'p', '2026-01-02T00:00:00Z'),
        e('x', null),
      ]),
    ).toEqual([
      {
        event: e('p', null),
        children: [e('c1', 'p', '2026-01-02T00:00:00Z'), e('c2', 'p', '2026-01-03T00:00:00Z')],
      },
      { event: e('x', null), children: [] },
    ]);
  });

  it('searches congregations without case or accents, by name or regional', () => {
    const rows = [
      { name: 'São João', regional: 'Zona Sul' },
      { name: 'Penha', regional: 'Zona Leste' },
    ];
    expect(filterTemples(rows, 'sao jo')).toEqual([rows[0]]);
    expect(filterTemples(rows, 'LESTE')).toEqual([rows[1]]);
    expect(filterTemples(rows, '  ')).toEqual(rows);
  });

  it('a location is a congregation id or a regional name', () => {
    expect(parseLocation('5E1F0C2A-7B3D-4C9E-8F10-B00000000001')).toEqual({
      kind: 'temple',
      id: '5e1f0c2a-7b3d-4c9e-8f10-b00000000001',
    });
    expect(parseLocation('Zona Sul')).toEqual({ kind: 'regional', name: 'Zona Sul' });
  });

  it('badges: the ticket QR for a registration id, the manual code otherwise; 8 a sheet', () => {
    const id = '9b2d4f6a-8c0e-4a2c-8e4a-f00000000001';
    expect(badgeQrContent(id)).toBe(`checkin:${id}`);
    expect(badgeQrContent('482913')).toBe('482-913');
    expect(badgeQrContent('abc')).toBeNull();
    expect(BADGES_PER_SHEET).toBe(8);
    expect(badgeSheets(Array.from({ length: 17 }, (_, i) => i)).map((s) => s.length)).toEqual([8, 8, 1]);
  });
});
