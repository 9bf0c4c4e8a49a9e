import { Tabs } from 'radix-ui';
import { ACCESS_REASONS } from '../../../domain';
import { Card } from '../components/ui/card';
import { ManualFlightForm, useViewer } from '../features/flights';
import { RosterUpload } from '../features/roster';

const tab =
  'h-10 flex-1 rounded-lg text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

export function AddFlightPage() {
  const viewer = useViewer();
  if (!viewer) return null;
  return (
    <main className="space-y-4">
      <h1 className="text-2xl font-bold">Add Flight</h1>
      {viewer.isDemoUser ? (
        <Card role="status" className="text-slate-700">
          {ACCESS_REASONS.demoAddFlights}
        </Card>
      ) : (
        <Tabs.Root defaultValue="manual" className="space-y-4">
          <Tabs.List aria-label="How to add" className="flex gap-1 rounded-xl bg-slate-100 p-1">
            <Tabs.Trigger value="manual" className={tab}>
              Manual Entry
            </Tabs.Trigger>
            <Tabs.Trigger value="roster" className={tab}>
              Upload Roster
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="manual">
            <Card>
              <ManualFlightForm viewer={viewer} />
            </Card>
          </Tabs.Content>
          <Tabs.Content value="roster">
            <RosterUpload />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </main>
  );
}
