import { describe, expect, it } from 'vitest';
import { type Attendance, attendanceCsv, attendanceView, searchPeople, withCheckin } from './attendance.ts';

const data: Attendance = {
  event: { id: 'e', title: 'Acampamento' },
  sessions: [
    { id: 'd1', name: 'Dia 1', starts_at: '2026-01-10T10:00:00.000Z', ends_at: '2026-01-11T02:00:00.000Z' },
    { id: 'd2', name: 'Dia 2', starts_at: '2026-01-11T10:00:00.000Z', ends_at: '2026-01-12T02:00:00.000Z' },
  ],
  caravans: [{ id: 'g', leader: 'Paulo' }],
  people: [
    {
      id: 'a',
      name: 'Ana Júlia',
      congregation: 'Sede',
      caravan: 'g',
      checkins: [{ session: 'd1', at: '2026-01-10T12:00:00.000Z', device: 'Porta 1' }],
    },
    { id: 'b', name: 'Bruno', congregation: 'Sede', caravan: 'g', checkins: [] },
    { id: 'c', name: '=Carla', congregation: null, caravan: null, checkins: [] },
  ],
};

describe('attendance', () => {
  it('counts per session, congregation and caravan, with who is missing', () => {
    const d1 = attendanceView(data, 'd1');
    expect(d1).toMatchObject({ arrived: 1, expected: 3 });
    expect(d1.temples).toEqual([
      { key: 'Sede', name: 'Sede', arrived: 1, expected: 2 },
      { key: 'Sem congregação', name: 'Sem congregação', arrived: 0, expected: 1 },
    ]);
    expect(d1.caravans).toEqual([
      { key: 'g', name: 'Caravana de Paulo', arrived: 1, expected: 2, missing: ['Bruno'] },
    ]);
    expect(attendanceView(data, 'd2').arrived).toBe(0);
    expect(attendanceView(data, null).arrived).toBe(1);
  });

  it('adds a realtime check-in once; an unknown registration asks for a new read', () => {
    const row = {
      registration_id: 'b',
      session_id: 'd2',
      scanned_at: '2026-01-11T12:00:00Z',
      device: 'Porta 2',
    };
    const next = withCheckin(data, row)!;
    expect(attendanceView(next, 'd2').arrived).toBe(1);
    expect(withCheckin(next, row)).toBe(next);
    expect(data.people[1]!.checkins).toEqual([]);
    expect(withCheckin(data, { ...row, registration_id: 'walk-in' })).toBeNull();
  });

  it('searches names without accents, arrivals first; the CSV has pt-BR headers, BOM and ;', () => {
    expect(searchPeople(data, 'd1', 'ana julia').map((r) => r.person.id)).toEqual(['a']);
    expect(searchPeople(data, 'd1', '').map((r) => r.person.id)[0]).toBe('a');
    const csv = attendanceCsv(data, 'd1');
    expect(csv.startsWith('\uFEFFNome;Congregação;Caravana;Sessão;Chegada;Porta\r\n')).toBe(true);
    expect(csv).toContain('Ana Júlia;Sede;Caravana de Paulo;Dia 1;10/01/2026');
    expect(csv).toContain('Bruno;Sede;Caravana de Paulo;Dia 1;Ainda não chegou;');
    expect(csv).toContain("'=Carla;Sem congregação;;Dia 1;Ainda não chegou;");
  });
});
