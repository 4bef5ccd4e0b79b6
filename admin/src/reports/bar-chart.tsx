import { useEffect, useRef } from 'react';
import 'uplot/dist/uPlot.min.css';
import { loadUPlot } from './load-uplot.js';

/**
 * Bars drawn by uPlot (docs/DECISIONS.md: why uPlot), one per bucket, in the order given. The canvas is aria-hidden:
 * the table beside it holds the same numbers for screen readers and for reading exact values, and its rows carry
 * the links. uPlot itself is fetched with this screen's chunk only when a chart is first drawn, so no other screen
 * pays for it; colours come from the page's variables, so dark mode follows.
 */
/** Every how many bars a label fits (about 80 px each), so 30 days at 390 px do not print over one another. */
const LABEL_WIDTH = 70;

export function BarChart({
  labels,
  values,
  format,
  onSelect,
}: {
  labels: string[];
  values: Array<number | null>;
  format: (value: number) => string;
  /** A bar clicked, by its index: the screen opens the tickets behind it (the table's links do the same by keyboard). */
  onSelect?: (index: number) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: {
      destroy(): void;
      setSize(size: { width: number; height: number }): void;
      over: HTMLElement;
      posToVal(position: number, scale: string): number;
    } | null = null;
    let cancelled = false;
    const width = () => Math.max(200, element.clientWidth);
    const labelStep = (plotWidth: number) => Math.max(1, Math.ceil((labels.length * LABEL_WIDTH) / Math.max(plotWidth, 1)));
    const draw = async () => {
      const { default: UPlot } = await loadUPlot();
      if (cancelled) return;
      chart?.destroy();
      // The colours of the scheme shown now: drawn again when it changes (a canvas does not follow CSS).
      const style = getComputedStyle(element);
      const ink = style.getPropertyValue('--muted').trim() || '#52606d';
      const line = style.getPropertyValue('--line').trim() || '#d9e2ec';
      const accent = style.getPropertyValue('--accent').trim() || '#1d4ed8';
      const axis = { stroke: ink, grid: { stroke: line, width: 1 }, ticks: { stroke: line, width: 1 } };
      chart = new UPlot(
        {
          width: width(),
          height: 200,
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: false, range: [-0.5, labels.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
          axes: [
            {
              ...axis,
              values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
              splits: (u) => labels.map((_l, i) => i).filter((i) => i % labelStep(u.width) === 0),
            },
            { ...axis, values: (_u, splits) => splits.map((v) => format(v)), size: 70 },
          ],
          series: [{}, { fill: accent, stroke: accent, paths: UPlot.paths.bars?.({ size: [0.7, 60] }), points: { show: false } }],
        },
        [labels.map((_l, i) => i), values],
        element,
      );
      const drawn = chart;
      if (onSelect) {
        drawn.over.classList.add('report-chart-clickable');
        drawn.over.addEventListener('click', (event) => {
          const index = Math.round(drawn.posToVal(event.offsetX, 'x'));
          if (index >= 0 && index < labels.length && (values[index] ?? 0) !== 0) onSelect(index);
        });
      }
    };
    void draw();
    const resize = new ResizeObserver(() => chart?.setSize({ width: width(), height: 200 }));
    resize.observe(element);
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    const redraw = () => void draw();
    scheme.addEventListener('change', redraw);
    return () => {
      cancelled = true;
      resize.disconnect();
      scheme.removeEventListener('change', redraw);
      chart?.destroy();
    };
  }, [labels, values, format, onSelect]);
  return <div ref={box} className="report-chart" aria-hidden="true" data-testid="report-chart" />;
}
