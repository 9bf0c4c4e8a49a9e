import { useId } from 'react';
import { cn } from '../../lib/cn';

export type ChartPoint = { label: string; value: number };

type ChartProps = {
  /** The chart's title: the figure's caption and the data table's. */
  title: string;
  data: readonly ChartPoint[];
  kind?: 'bar' | 'line';
  /** The values' name in the data table ('Members', 'Flights'). */
  valueLabel?: string;
  /** Formats values in the table and the axis (e.g. thousands separators). */
  format?: (value: number) => string;
  className?: string;
};

const WIDTH = 320;
const HEIGHT = 160;
const PAD = { top: 8, right: 8, bottom: 24, left: 8 };

/**
 * A small bar or line chart drawn as SVG, with no charting library: the statistics screens need
 * a handful of series, not a package. The drawing is hidden from screen readers; they get the
 * same numbers as a table, which is also what a user with CSS off sees.
 */
export function Chart({
  title,
  data,
  kind = 'bar',
  valueLabel = 'Value',
  format = (value) => value.toLocaleString('en-GB'),
  className,
}: ChartProps) {
  const captionId = useId();
  const max = Math.max(1, ...data.map((point) => point.value));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = data.length > 0 ? plotWidth / data.length : plotWidth;
  const y = (value: number) => PAD.top + plotHeight - (Math.max(0, value) / max) * plotHeight;
  const x = (index: number) => PAD.left + step * index + step / 2;

  return (
    <figure aria-labelledby={captionId} className={cn('space-y-2', className)}>
      <figcaption id={captionId} className="text-sm font-semibold">
        {title}
      </figcaption>
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full text-brand-600"
        focusable="false"
      >
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + plotHeight}
          y2={PAD.top + plotHeight}
          className="stroke-slate-300"
        />
        {kind === 'bar' ? (
          data.map((point, i) => (
            <rect
              key={point.label}
              x={x(i) - step * 0.35}
              width={step * 0.7}
              y={y(point.value)}
              height={PAD.top + plotHeight - y(point.value)}
              rx={3}
              className="fill-current"
            />
          ))
        ) : (
          <polyline
            fill="none"
            strokeWidth={2}
            className="stroke-current"
            points={data.map((point, i) => `${x(i)},${y(point.value)}`).join(' ')}
          />
        )}
        {data.map((point, i) => (
          <text
            key={point.label}
            x={x(i)}
            y={HEIGHT - 6}
            textAnchor="middle"
            className="fill-slate-500 text-[10px]"
          >
            {point.label}
          </text>
        ))}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Label</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((point) => (
            <tr key={point.label}>
              <th scope="row">{point.label}</th>
              <td>{format(point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
