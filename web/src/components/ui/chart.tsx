import { useId } from 'react';
import { cn } from '../../lib/cn';

export type ChartPoint = { label: string; value: number };
/** One named series; every series of a chart has the same labels in the same order. */
export type ChartSeries = { name: string; data: readonly ChartPoint[] };

type ChartProps = {
  /** The chart's title: the figure's caption and the data table's. */
  title: string;
  /** A single series (omit when `series` is given). */
  data?: readonly ChartPoint[];
  /**
   * Several series over the same labels (waves and messages per day): bars side by side or one
   * line each, a legend, and one table column per series.
   */
  series?: readonly ChartSeries[];
  /** 'donut' draws the single series' shares of its total (a mix, not a trend). */
  kind?: 'bar' | 'line' | 'donut';
  /** The values' name in the data table ('Members', 'Flights'); a single series' name. */
  valueLabel?: string;
  /** Formats values in the table and the axis (e.g. thousands separators). */
  format?: (value: number) => string;
  className?: string;
};

const WIDTH = 320;
const HEIGHT = 160;
const PAD = { top: 8, right: 8, bottom: 24, left: 8 };
/** More axis labels than this overlap at phone width: the rest are in the table. */
const MAX_AXIS_LABELS = 6;
/** Series colours, in order; text-* so `currentColor` paints bars, lines and legend swatches. */
const PALETTE = [
  'text-brand-600',
  'text-amber-500',
  'text-emerald-600',
  'text-rose-500',
  'text-violet-500',
  'text-slate-400',
] as const;
const colour = (index: number) => PALETTE[index % PALETTE.length];

const DONUT_RADIUS = 56;
const DONUT_STROKE = 28;

/**
 * A small bar, line or donut chart drawn as SVG, with no charting library: the statistics
 * screens need a handful of series, not a package. The drawing is hidden from screen readers;
 * they get the same numbers as a table, which is also what a user with CSS off sees.
 */
export function Chart({
  title,
  data,
  series,
  kind = 'bar',
  valueLabel = 'Value',
  format = (value) => value.toLocaleString('en-GB'),
  className,
}: ChartProps) {
  const captionId = useId();
  const all: readonly ChartSeries[] = series ?? [{ name: valueLabel, data: data ?? [] }];
  const labels = all[0]?.data.map((point) => point.label) ?? [];
  const valueAt = (s: ChartSeries, i: number) => s.data[i]?.value ?? 0;
  const total = (all[0]?.data ?? []).reduce((sum, point) => sum + Math.max(0, point.value), 0);
  const share = (value: number) =>
    total > 0 ? `${Math.round((Math.max(0, value) / total) * 100)}%` : '0%';
  const legend =
    kind === 'donut'
      ? (all[0]?.data ?? []).map((point) => point.label)
      : all.length > 1
        ? all.map((s) => s.name)
        : [];

  return (
    <figure aria-labelledby={captionId} className={cn('space-y-2', className)}>
      <figcaption id={captionId} className="text-sm font-semibold">
        {title}
      </figcaption>
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        focusable="false"
      >
        {kind === 'donut' ? (
          <Donut data={all[0]?.data ?? []} total={total} />
        ) : (
          <Cartesian series={all} labels={labels} kind={kind} valueAt={valueAt} />
        )}
      </svg>
      {legend.length > 0 ? (
        <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          {legend.map((name, i) => (
            <li key={name} className="inline-flex items-center gap-1.5">
              <span className={cn('h-2.5 w-2.5 rounded-sm bg-current', colour(i))} />
              {name}
              {kind === 'donut' ? ` ${share(valueAt(all[0]!, i))}` : null}
            </li>
          ))}
        </ul>
      ) : null}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Label</th>
            {all.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
            {kind === 'donut' ? <th scope="col">Share</th> : null}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {all.map((s) => (
                <td key={s.name}>{format(valueAt(s, i))}</td>
              ))}
              {kind === 'donut' ? <td>{share(valueAt(all[0]!, i))}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function Cartesian({
  series,
  labels,
  kind,
  valueAt,
}: {
  series: readonly ChartSeries[];
  labels: readonly string[];
  kind: 'bar' | 'line';
  valueAt: (s: ChartSeries, i: number) => number;
}) {
  const max = Math.max(1, ...series.flatMap((s) => s.data.map((point) => point.value)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = labels.length > 0 ? plotWidth / labels.length : plotWidth;
  const y = (value: number) => PAD.top + plotHeight - (Math.max(0, value) / max) * plotHeight;
  const x = (index: number) => PAD.left + step * index + step / 2;
  const barWidth = (step * 0.7) / series.length;
  const labelEvery = Math.ceil(labels.length / MAX_AXIS_LABELS);

  return (
    <>
      <line
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={PAD.top + plotHeight}
        y2={PAD.top + plotHeight}
        className="stroke-slate-300"
      />
      {series.map((s, si) =>
        kind === 'bar' ? (
          <g key={s.name} className={colour(si)}>
            {labels.map((label, i) => (
              <rect
                key={label}
                x={x(i) - step * 0.35 + barWidth * si}
                width={barWidth}
                y={y(valueAt(s, i))}
                height={PAD.top + plotHeight - y(valueAt(s, i))}
                rx={Math.min(3, barWidth / 2)}
                className="fill-current"
              />
            ))}
          </g>
        ) : (
          <polyline
            key={s.name}
            fill="none"
            strokeWidth={2}
            className={cn('stroke-current', colour(si))}
            points={labels.map((_, i) => `${x(i)},${y(valueAt(s, i))}`).join(' ')}
          />
        ),
      )}
      {labels.map((label, i) =>
        i % labelEvery === 0 ? (
          <text
            key={label}
            x={x(i)}
            y={HEIGHT - 6}
            textAnchor="middle"
            className="fill-slate-500 text-[10px]"
          >
            {label}
          </text>
        ) : null,
      )}
    </>
  );
}

/** Slices as dashed circle strokes: no arc maths, and a 100% slice is still a full ring. */
function Donut({ data, total }: { data: readonly ChartPoint[]; total: number }) {
  const circumference = 2 * Math.PI * DONUT_RADIUS;
  let offset = 0;
  return (
    <g transform={`rotate(-90 ${WIDTH / 2} ${HEIGHT / 2})`}>
      <circle
        cx={WIDTH / 2}
        cy={HEIGHT / 2}
        r={DONUT_RADIUS}
        fill="none"
        strokeWidth={DONUT_STROKE}
        className="stroke-slate-100"
      />
      {data.map((point, i) => {
        const length = total > 0 ? (Math.max(0, point.value) / total) * circumference : 0;
        const slice = (
          <circle
            key={point.label}
            data-slice={point.label}
            cx={WIDTH / 2}
            cy={HEIGHT / 2}
            r={DONUT_RADIUS}
            fill="none"
            strokeWidth={DONUT_STROKE}
            strokeDasharray={`${length} ${circumference - length}`}
            strokeDashoffset={-offset}
            className={cn('stroke-current', colour(i))}
          />
        );
        offset += length;
        return slice;
      })}
    </g>
  );
}
