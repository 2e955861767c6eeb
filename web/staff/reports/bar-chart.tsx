/**
 * The Reports screen's one chart: bars per day, stacked by series, drawn as SVG at the width it is
 * shown (so its labels stay 12 px on a phone). Our own ~175 lines rather than a charting library:
 * the screen needs one kind of chart, and the libraries that draw it (Recharts, visx, Chart.js)
 * weigh 40–100 KB gzip before a single bar. The numbers are also in the table beside each chart,
 * which is what screen readers and copying use; the drawing itself is hidden from them.
 */
import { useEffect, useRef, useState } from 'react';

export interface ChartSeries {
  key: string;
  label: string;
  /** A fill with at least 3:1 contrast on white (WCAG 1.4.11). */
  color: string;
}

interface BarChartProps {
  /** The chart's visible title. */
  title: string;
  xLabel: string;
  yLabel: string;
  series: readonly ChartSeries[];
  /** One bar per entry (`id` unique, e.g. its date), its values in `series` order. */
  bars: ReadonlyArray<{ id: string; label: string; values: readonly number[] }>;
  /** A value as the axis writes it (₦ with thousands, a percent). */
  formatTick: (value: number) => string;
  /** A fixed top for the axis (100 for percentages); otherwise from the tallest bar. */
  max?: number;
}

const HEIGHT = 220;
const margin = { top: 12, right: 8, bottom: 40, left: 64 };

/** 0 and three more ticks at round numbers (1, 2, 2.5 or 5 times a power of ten) covering `top`. */
export function ticksFor(top: number): number[] {
  if (top <= 0) return [0];
  const rough = top / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power;
  return Array.from({ length: Math.ceil(top / step) + 1 }, (_, index) => index * step);
}

/** The element's width as it is laid out, kept up to date. */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(240, Math.round(element.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function BarChart({ title, xLabel, yLabel, series, bars, formatTick, max }: BarChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>(640);
  const totals = bars.map((bar) => bar.values.reduce((sum, value) => sum + Math.max(0, value), 0));
  const ticks = ticksFor(max ?? Math.max(0, ...totals));
  const top = ticks.at(-1) || 1;
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = HEIGHT - margin.top - margin.bottom;
  const band = plotWidth / Math.max(1, bars.length);
  const barWidth = Math.max(2, band * 0.72);
  const y = (value: number) => margin.top + plotHeight - (value / top) * plotHeight;
  // As many date labels as fit, about one per 56 px.
  const every = Math.max(1, Math.ceil(bars.length / Math.max(1, Math.floor(plotWidth / 56))));
  return (
    <figure className="report-chart">
      <figcaption className="report-chart__title">{title}</figcaption>
      {series.length > 1 ? <ChartLegend series={series} /> : null}
      <div ref={ref} className="report-chart__frame">
        <svg width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} aria-hidden="true" focusable="false">
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={margin.left}
                x2={width - margin.right}
                y1={y(tick)}
                y2={y(tick)}
                className="report-chart__grid"
              />
              <text x={margin.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="report-chart__tick">
                {formatTick(tick)}
              </text>
            </g>
          ))}
          {bars.map((bar, index) => (
            <StackedBar
              key={bar.id}
              bar={bar}
              x={margin.left + index * band + (band - barWidth) / 2}
              barWidth={barWidth}
              series={series}
              y={y}
              labelled={index % every === 0}
            />
          ))}
          <line x1={margin.left} x2={width - margin.right} y1={y(0)} y2={y(0)} className="report-chart__axis" />
          <text x={margin.left + plotWidth / 2} y={HEIGHT - 4} textAnchor="middle" className="report-chart__axis-label">
            {xLabel}
          </text>
          <text
            transform={`translate(12 ${margin.top + plotHeight / 2}) rotate(-90)`}
            textAnchor="middle"
            className="report-chart__axis-label"
          >
            {yLabel}
          </text>
        </svg>
      </div>
    </figure>
  );
}

/** Which colour is which series, shown when there is more than one. */
function ChartLegend({ series }: { series: readonly ChartSeries[] }) {
  return (
    <ul className="report-chart__legend">
      {series.map((entry) => (
        <li key={entry.key}>
          <span className="report-chart__swatch" style={{ background: entry.color }} aria-hidden="true" />
          {entry.label}
        </li>
      ))}
    </ul>
  );
}

/** One day's bar: a rect per series with a value, stacked from the axis up, and its date when `labelled`. */
function StackedBar({
  bar,
  x,
  barWidth,
  series,
  y,
  labelled,
}: {
  bar: BarChartProps['bars'][number];
  x: number;
  barWidth: number;
  series: readonly ChartSeries[];
  /** Where a value sits on the plot, in px from the top. */
  y: (value: number) => number;
  labelled: boolean;
}) {
  let base = 0;
  return (
    <g>
      {bar.values.map((value, part) => {
        if (value <= 0) return null;
        const rect = (
          <rect
            key={series[part]?.key}
            x={x}
            width={barWidth}
            y={y(base + value)}
            height={y(base) - y(base + value)}
            fill={series[part]?.color}
          />
        );
        base += value;
        return rect;
      })}
      {labelled ? (
        <text x={x + barWidth / 2} y={HEIGHT - margin.bottom + 16} textAnchor="middle" className="report-chart__tick">
          {bar.label}
        </text>
      ) : null}
    </g>
  );
}
