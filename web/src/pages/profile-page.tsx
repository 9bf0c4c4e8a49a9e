import { Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { CenteredStatus } from '../app/require-session';
import { BlockedMembersList } from '../features/blocks';
import { CalendarCard } from '../features/calendar';
import {
  AdminControlsCard,
  DangerZone,
  InfoList,
  MembershipBanner,
  MyFlightsCard,
  PrivacyToggles,
  ProfileHeader,
  SessionActions,
  StatCards,
  TelegramCard,
  TrialBanner,
  useSelf,
  WelcomeNotice,
} from '../features/profile';
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
      {user.isAdmin ? <TelegramCard /> : null}
      <MyFlightsCard isDemoUser={user.isDemoUser} />
      {user.isDemoUser ? null : <CalendarCard />}
      <InfoList user={user} />
      <PrivacyToggles user={user} />
      {user.isDemoUser ? null : <BlockedMembersList />}
      <SessionActions />
      <DangerZone user={user} />
    </main>
  );
}
