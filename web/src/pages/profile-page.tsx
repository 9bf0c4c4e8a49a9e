import { Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { CenteredStatus } from '../app/require-session';
import { DangerZone, SessionActions } from '../features/profile/account-actions';
import { useSelf } from '../features/profile/api';
import { InfoList } from '../features/profile/info-list';
import { MembershipBanner, TrialBanner } from '../features/profile/membership-banners';
import { PrivacyToggles } from '../features/profile/privacy-toggles';
import { AdminControlsCard, MyFlightsCard, WelcomeNotice } from '../features/profile/profile-cards';
import { ProfileHeader } from '../features/profile/profile-header';
import { StatCards } from '../features/profile/stat-cards';
import { useNow } from '../lib/use-now';

/** /profile: the member's own space. */
export function ProfilePage() {
  const user = useSelf();
  const now = useNow(60_000);
  if (!user) return <CenteredStatus text="Loading..." />;
  return (
    <main className="space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">Profile</h1>
        {user.isDemoUser ? null : (
          <Link
            to="/profile/edit"
            className="inline-flex h-10 items-center gap-2 rounded-xl px-3 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit Profile
          </Link>
        )}
      </div>
      <ProfileHeader user={user} now={now} />
      <WelcomeNotice user={user} />
      <StatCards />
      <TrialBanner user={user} now={now} />
      <MembershipBanner user={user} now={now} />
      {user.isAdmin ? <AdminControlsCard /> : null}
      <MyFlightsCard isDemoUser={user.isDemoUser} />
      <InfoList user={user} />
      <PrivacyToggles user={user} />
      <SessionActions />
      <DangerZone user={user} />
    </main>
  );
}
