/**
 * The report's two charts (@nivo/pie, @nivo/bar): loaded on demand by the reports screen only, so
 * nivo and d3 never reach another page. The drawings are decorative for assistive technology
 * (aria-hidden): each chart is followed by its numbers as text (legend list).
 */
import { ResponsiveBar } from '@nivo/bar';
import { ResponsivePie } from '@nivo/pie';
import { reportsMessages as m } from '../../domain/messages/reports.ts';
import { statusLabel } from '../../domain/registrations.ts';
import { orderedStatus, REGIONAL_COLOR, STATUS_COLORS, type StatusCount } from '../../domain/reports.ts';

const percent = (n: number, total: number) => (total ? `${Math.round((n / total) * 100)}%` : '0%');

export function StatusPie({ rows }: { rows: readonly StatusCount[] }) {
  const ordered = orderedStatus(rows);
  const total = ordered.reduce((n, r) => n + r.cnt, 0);
  const data = ordered.map((r) => ({
    id: r.status,
    label: statusLabel(r.status),
    value: r.cnt,
    color: STATUS_COLORS[r.status],
  }));
  return (
    <figure className="report-chart" data-testid="status-pie">
      <figcaption>{m.statusChart}</figcaption>
      {total === 0 ? (
        <p className="report-muted">{m.noData}</p>
      ) : (
        <>
          <div className="report-chart-canvas" aria-hidden="true">
            <ResponsivePie
              data={data}
              colors={{ datum: 'data.color' }}
              margin={{ top: 12, right: 12, bottom: 12, left: 12 }}
              innerRadius={0.5}
              padAngle={1}
              cornerRadius={2}
              enableArcLinkLabels={false}
              arcLabelsSkipAngle={18}
              arcLabelsTextColor="#1f2933"
              animate={false}
            />
          </div>
          <ul className="report-legend" aria-label={m.chartNumbers}>
            {data.map((d) => (
              <li key={d.id} data-status={d.id}>
                <span className="report-swatch" style={{ background: d.color }} aria-hidden="true" />
                <span>{d.label}</span>
                <strong>{d.value}</strong>
                <span className="report-muted">({percent(d.value, total)})</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </figure>
  );
}

/**
 * Counts as horizontal bars, the largest on top so the names fit on a phone: the paid registrations
 * per regional and each choice or yes/no question's answers.
 */
export function CountBar({
  title,
  rows,
  empty,
  testId,
  valueName,
}: {
  title: string;
  rows: readonly { label: string; cnt: number }[];
  /** Said when there is nothing to count. */
  empty: string;
  testId: string;
  /** The bar's value in nivo's tooltip ('pagas', 'respostas'). */
  valueName: string;
}) {
  const drawn = rows.map((r) => ({ label: r.label, [valueName]: r.cnt })).reverse();
  return (
    <figure className="report-chart" data-testid={testId}>
      <figcaption>{title}</figcaption>
      {rows.length === 0 ? (
        <p className="report-muted">{empty}</p>
      ) : (
        <>
          <div
            className="report-chart-canvas"
            style={{ height: Math.max(160, 36 * rows.length + 48) }}
            aria-hidden="true"
          >
            <ResponsiveBar
              data={drawn}
              keys={[valueName]}
              indexBy="label"
              layout="horizontal"
              margin={{ top: 8, right: 16, bottom: 32, left: 112 }}
              padding={0.25}
              colors={() => REGIONAL_COLOR}
              labelTextColor="#ffffff"
              axisBottom={{
                tickSize: 0,
                tickPadding: 6,
                format: (v) => (Number.isInteger(v) ? String(v) : ''),
              }}
              axisLeft={{ tickSize: 0, tickPadding: 6 }}
              enableGridY={false}
              enableGridX
              animate={false}
            />
          </div>
          <ul className="report-legend" aria-label={m.chartNumbers}>
            {rows.map((d) => (
              <li key={d.label}>
                <span className="report-swatch" style={{ background: REGIONAL_COLOR }} aria-hidden="true" />
                <span>{d.label}</span>
                <strong>{d.cnt}</strong>
              </li>
            ))}
          </ul>
        </>
      )}
    </figure>
  );
}
