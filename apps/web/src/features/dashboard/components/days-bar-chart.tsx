import { BarChart, type BarChartSeries } from '@mantine/charts';

/*
 * The chart library (recharts) is large and only the dashboard draws a chart, so this module is
 * loaded on demand (`activity-chart.tsx` imports it lazily) and built into a chunk of its own.
 */

/** Small bars per day, with the day under each bar and the counts in a tooltip. */
export default function DaysBarChart({
  data,
  series,
}: {
  data: Record<string, string | number | undefined>[];
  series: BarChartSeries[];
}) {
  return (
    <BarChart
      h={96}
      data={data}
      dataKey="label"
      series={series}
      withYAxis={false}
      gridAxis="none"
      tickLine="none"
      maxBarWidth={12}
      xAxisProps={{ interval: 'preserveStartEnd', fontSize: 11 }}
      tooltipAnimationDuration={100}
    />
  );
}
