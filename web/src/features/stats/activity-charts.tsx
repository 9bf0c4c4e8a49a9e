import type { ActivitySeries } from '../../../../domain';
import { Card } from '../../components/ui/card';
import { Chart } from '../../components/ui/chart';
import { shortDay } from './format';

/** The membership types' names as the dashboard's filter says them. */
const MEMBERSHIP_NAMES: Record<string, string> = {
  trial: 'Trial',
  standard: 'Standard',
  regular: 'Regular',
  paid: 'Paid',
  tester: 'Tester',
};
const membershipName = (type: string) => MEMBERSHIP_NAMES[type] ?? type;

/**
 * The three charts of GET /api/admin/activity-series: one column on a phone, side by side on a
 * desk. Every period is in the answer (zeros included), so the data go straight to the chart.
 */
export function ActivityCharts({ series }: { series: ActivitySeries }) {
  const byDay = (points: ActivitySeries['wavesPerDay']) =>
    points.map((point) => ({ label: shortDay(point.day), value: point.count }));
  return (
    <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
      <Card>
        <Chart
          title="Sign-ups per week (from Monday)"
          valueLabel="Sign-ups"
          data={series.signupsPerWeek.map((week) => ({
            label: shortDay(week.weekStart),
            value: week.count,
          }))}
        />
      </Card>
      <Card>
        <Chart
          title="Waves and messages per day"
          kind="line"
          series={[
            { name: 'Waves', data: byDay(series.wavesPerDay) },
            { name: 'Messages', data: byDay(series.messagesPerDay) },
          ]}
        />
      </Card>
      <Card>
        <Chart
          title="Membership mix"
          kind="donut"
          valueLabel="Members"
          data={series.membershipMix.map((mix) => ({
            label: membershipName(mix.membershipType),
            value: mix.count,
          }))}
        />
      </Card>
    </div>
  );
}
