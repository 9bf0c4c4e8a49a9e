import { WidePage } from '../components/ui/wide-page';
import { AppealsList, BackToAdmin, ModerationQueue } from '../features/admin';

/** /admin/moderation (admins only, guarded in routes.tsx): open reports and appeals (issue 22). */
export function ModerationPage() {
  return (
    <WidePage className="space-y-4">
      <BackToAdmin />
      <h1 className="text-2xl font-bold">Moderation</h1>
      <section aria-labelledby="reports-heading" className="space-y-3">
        <h2 id="reports-heading" className="text-lg font-semibold">
          Open reports
        </h2>
        <ModerationQueue />
      </section>
      <section aria-labelledby="appeals-heading" className="space-y-3">
        <h2 id="appeals-heading" className="text-lg font-semibold">
          Appeals
        </h2>
        <AppealsList />
      </section>
    </WidePage>
  );
}
