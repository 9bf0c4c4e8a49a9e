import { BarChart3, CalendarX, Flag, Power, ScrollText, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ADMIN_USERS_PAGE_SIZE, type MembershipFilter } from '../../../domain';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { Skeleton, SkeletonCards } from '../components/ui/skeleton';
import { WidePage } from '../components/ui/wide-page';
import {
  AddUserDialog,
  type AdminUser,
  DeleteUserDialog,
  describePastFlights,
  EditEmailDialog,
  EditPinDialog,
  type MemberAction,
  MemberActionsDialog,
  MemberTable,
  UserDetailsDialog,
  UserFlightsDialog,
  useCreateUser,
  useDeletePastFlights,
  useDeleteUser,
  useMembers,
  usePastFlightsPreview,
  usePendingCount,
  useRemoveUserData,
  useResetOnlineStatus,
  useRestoreAccount,
  useRevealPasscode,
  useSignOutAll,
  useToggleAdmin,
  useUpdateMemberEmail,
  useUpdateMemberPasscode,
  ViewPinDialog,
} from '../features/admin';
import { useSession } from '../features/auth';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { useNow } from '../lib/use-now';

/** Typing settles for this long before the table asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

type Open = { action: MemberAction; user: AdminUser } | null;

function PendingBanner() {
  const pending = usePendingCount(true);
  const count = pending.data?.count ?? 0;
  if (count === 0) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-purple-200 bg-purple-50 p-4"
    >
      <p className="font-medium text-purple-900">
        {count} {count === 1 ? 'registration is' : 'registrations are'} waiting for approval
      </p>
      <Link
        to="/admin/approvals"
        className="inline-flex h-9 items-center rounded-xl bg-purple-700 px-3 text-sm font-medium text-white hover:bg-purple-800"
      >
        Review Now
      </Link>
    </div>
  );
}

/** /admin: the admin's tools and the member table (accounts spec §2 Admin dashboard). */
export function AdminPage() {
  const navigate = useNavigate();
  const session = useSession();
  const now = useNow(60_000);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [membership, setMembership] = useState<MembershipFilter>('all');
  const [page, setPage] = useState(1);
  const members = useMembers({ q, membership, page });

  const [managing, setManaging] = useState<AdminUser | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [adding, setAdding] = useState(false);
  const [pastOpen, setPastOpen] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const [revealed, setRevealed] = useState<string | null | undefined>(undefined);

  const updatePin = useUpdateMemberPasscode();
  const reveal = useRevealPasscode();
  const updateEmail = useUpdateMemberEmail();
  const signOutAll = useSignOutAll();
  const removeData = useRemoveUserData();
  const createUser = useCreateUser();
  const toggleAdmin = useToggleAdmin();
  const deleteUser = useDeleteUser();
  const restore = useRestoreAccount();
  const resetOnline = useResetOnlineStatus();
  const deletePast = useDeletePastFlights();
  const pastPreview = usePastFlightsPreview(pastOpen);

  const close = () => {
    setOpen(null);
    setRevealed(undefined);
  };
  const target = (action: MemberAction) => (open?.action === action ? open.user : null);
  const done = { onSuccess: close };

  const total = members.data?.total ?? 0;
  const pageSize = members.data?.pageSize ?? ADMIN_USERS_PAGE_SIZE;
  const toggling = target('toggleAdmin');

  return (
    <WidePage className="space-y-5">
      <h1 className="text-2xl font-bold">Admin Dashboard</h1>
      <PendingBanner />

      <nav
        aria-label="Admin tools"
        className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6"
      >
        <Button variant="secondary" onClick={() => navigate('/admin/approvals')}>
          <Users aria-hidden="true" className="h-4 w-4" />
          Member Approvals
        </Button>
        <Button variant="secondary" onClick={() => setAdding(true)}>
          <UserPlus aria-hidden="true" className="h-4 w-4" />
          Add New User
        </Button>
        <Button variant="secondary" onClick={() => setPastOpen(true)}>
          <CalendarX aria-hidden="true" className="h-4 w-4" />
          Delete Past Flights
        </Button>
        <Button variant="secondary" onClick={() => setResetOpen(true)}>
          <Power aria-hidden="true" className="h-4 w-4" />
          Reset Online Status
        </Button>
        <Button variant="secondary" onClick={() => navigate('/platform-stats')}>
          <BarChart3 aria-hidden="true" className="h-4 w-4" />
          Platform Statistics
        </Button>
        <Button variant="secondary" onClick={() => navigate('/admin/audit')}>
          <ScrollText aria-hidden="true" className="h-4 w-4" />
          Audit Trail
        </Button>
        <Button variant="secondary" onClick={() => navigate('/admin/moderation')}>
          <Flag aria-hidden="true" className="h-4 w-4" />
          Moderation
        </Button>
      </nav>

      {members.isPending ? (
        <div className="space-y-3">
          <Skeleton className="h-11 w-full" />
          <SkeletonCards count={4} label="Loading members" />
        </div>
      ) : members.isError && !members.data ? (
        <Card role="alert" className="space-y-3 text-center">
          <p className="text-red-700">Failed to load user data.</p>
          <Button variant="outline" onClick={() => void members.refetch()}>
            Try again
          </Button>
        </Card>
      ) : (
        <MemberTable
          users={members.data.users}
          total={total}
          totalCapped={members.data.totalCapped}
          now={now}
          loading={members.isFetching}
          search={search}
          onSearchChange={(text) => {
            setSearch(text);
            setPage(1);
          }}
          membership={membership}
          onMembershipChange={(filter) => {
            setMembership(filter);
            setPage(1);
          }}
          page={page}
          pageCount={Math.max(1, Math.ceil(total / pageSize))}
          onPageChange={setPage}
          onManage={setManaging}
        />
      )}

      <MemberActionsDialog
        user={managing}
        isSelf={managing !== null && managing.id === session.data?.id}
        onClose={() => setManaging(null)}
        onPick={(action) => {
          if (!managing) return;
          setOpen({ action, user: managing });
          setManaging(null);
        }}
      />

      <EditPinDialog
        user={target('editPin')}
        busy={updatePin.isPending}
        onCancel={close}
        onSave={(passcode) => open && updatePin.mutate({ id: open.user.id, passcode }, done)}
      />
      <ViewPinDialog
        user={target('viewPin')}
        revealed={revealed}
        busy={reveal.isPending}
        onClose={close}
        onReveal={() =>
          open && reveal.mutate(open.user.id, { onSuccess: (data) => setRevealed(data.passcode) })
        }
      />
      <EditEmailDialog
        user={target('editEmail')}
        busy={updateEmail.isPending}
        onCancel={close}
        onSave={(email) => open && updateEmail.mutate({ id: open.user.id, email }, done)}
      />
      <ConfirmDialog
        open={target('signOutAll') !== null}
        onCancel={close}
        onConfirm={() => open && signOutAll.mutate(open.user.id, done)}
        title="Sign out all sessions?"
        description={`${open?.user.email ?? ''} will be signed out on every device.`}
        confirmLabel="Sign out everywhere"
        busyLabel="Signing out..."
        busy={signOutAll.isPending}
      />
      <ConfirmDialog
        open={target('removeData') !== null}
        onCancel={close}
        onConfirm={() => open && removeData.mutate(open.user.id, done)}
        title="Remove user data?"
        description={`Every wave, message and flight membership of ${open?.user.email ?? ''} is removed. The account stays.`}
        confirmLabel="Remove data"
        busyLabel="Removing..."
        busy={removeData.isPending}
        destructive
      />
      <UserFlightsDialog user={target('flights')} onClose={close} />
      <UserDetailsDialog user={target('details')} onClose={close} />
      <ConfirmDialog
        open={toggling !== null}
        onCancel={close}
        onConfirm={() =>
          toggling && toggleAdmin.mutate({ id: toggling.id, isAdmin: !toggling.isAdmin }, done)
        }
        title={toggling?.isAdmin ? 'Revoke admin?' : 'Grant admin?'}
        description={
          toggling?.isAdmin
            ? `${toggling.email} will lose access to the admin screens.`
            : `${toggling?.email ?? ''} will be able to manage every member.`
        }
        confirmLabel={toggling?.isAdmin ? 'Revoke admin' : 'Grant admin'}
        busyLabel="Saving..."
        busy={toggleAdmin.isPending}
        destructive={toggling?.isAdmin}
      />
      <DeleteUserDialog
        user={target('delete')}
        busy={deleteUser.isPending}
        onCancel={close}
        onDelete={() => open && deleteUser.mutate(open.user, done)}
      />
      <ConfirmDialog
        open={target('restore') !== null}
        onCancel={close}
        onConfirm={() => open && restore.mutate(open.user, done)}
        title="Restore account?"
        description={`${open?.user.email ?? ''} gets their access back.`}
        confirmLabel="Restore account"
        busyLabel="Restoring..."
        busy={restore.isPending}
      />

      <AddUserDialog
        open={adding}
        busy={createUser.isPending}
        onCancel={() => setAdding(false)}
        onCreate={(user) => createUser.mutate(user, { onSuccess: () => setAdding(false) })}
      />
      <ConfirmDialog
        open={pastOpen}
        onCancel={() => setPastOpen(false)}
        onConfirm={() => deletePast.mutate(undefined, { onSuccess: () => setPastOpen(false) })}
        title="Delete past flights?"
        description={
          pastPreview.data
            ? `This removes ${describePastFlights(pastPreview.data)}. It cannot be undone.`
            : pastPreview.isError
              ? 'Could not count what would be removed.'
              : 'Counting what would be removed...'
        }
        confirmLabel="Delete past flights"
        busyLabel="Deleting..."
        busy={deletePast.isPending || !pastPreview.data}
        destructive
      />
      <ConfirmDialog
        open={resetOpen}
        onCancel={() => setResetOpen(false)}
        onConfirm={() => resetOnline.mutate(undefined, { onSuccess: () => setResetOpen(false) })}
        title="Reset online status?"
        description="Everyone except you will show as offline until they are next active."
        confirmLabel="Reset"
        busyLabel="Resetting..."
        busy={resetOnline.isPending}
      />
    </WidePage>
  );
}
