import { formatDate, formatWholePounds } from '@lender/ui/format';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { BalancePoint } from './balance-history';

const HEIGHT = 260;

/** A due date as the chart's time axis takes it: seconds since the epoch, at that day's midnight UTC. */
function secondsOf(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`) / 1000;
}

/** A time on the axis as the product writes its month ("Mar 2027"). */
function monthAt(seconds: number): string {
  return formatDate(new Date(seconds * 1000).toISOString().slice(0, 10)).replace(/^\S+ /, '');
}

/**
 * The balance over time, paid against scheduled, drawn by uPlot on a canvas as wide as the column (redrawn when
 * it changes). A module of its own, loaded only when the dashboard draws a chart, so the chart library is in no
 * other screen's code. The figures are the table's beside it, which screen readers read: the chart is a picture.
 */
export function BalanceChart({ points }: { points: readonly BalancePoint[] }) {
  const frame = useRef<HTMLDivElement>(null);
  const { palette } = useTheme();

  useEffect(() => {
    const element = frame.current;
    if (element === null) return;
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 280),
      height: HEIGHT,
      scales: { x: { time: true } },
      // The legend is the key to the lines; the figures at each date are the table's.
      legend: { live: false },
      series: [
        {},
        { label: 'Scheduled balance', stroke: palette.text.secondary, width: 2, dash: [6, 4] },
        { label: 'Your balance', stroke: palette.primary.main, width: 3 },
      ],
      axes: [
        { stroke: palette.text.primary, values: (_chart, ticks) => ticks.map(monthAt) },
        { stroke: palette.text.primary, size: 80, values: (_chart, ticks) => ticks.map((pence) => formatWholePounds(pence)) },
      ],
    };
    const data: uPlot.AlignedData = [
      points.map((point) => secondsOf(point.date)),
      points.map((point) => point.scheduledPence),
      points.map((point) => point.actualPence),
    ];
    const chart = new uPlot(options, data, element);
    const resized = new ResizeObserver(([entry]) => {
      if (entry !== undefined) chart.setSize({ width: Math.max(Math.floor(entry.contentRect.width), 280), height: HEIGHT });
    });
    resized.observe(element);
    return () => {
      resized.disconnect();
      chart.destroy();
    };
  }, [points, palette]);

  return <Box ref={frame} sx={{ width: '100%', overflow: 'hidden', '& .u-legend': { typography: 'body2' } }} />;
}
