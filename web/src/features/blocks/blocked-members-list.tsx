import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useBlockedMembers, useUnblockMember } from './api';

/** The profile's 'Blocked members': whom the member blocked, each with Unblock. */
export function BlockedMembersList() {
  const blocked = useBlockedMembers();
  const unblock = useUnblockMember();
  const members = blocked.data?.blockedMembers ?? [];
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-base font-semibold text-slate-900">Blocked members</h2>
      {blocked.isPending ? null : members.length === 0 ? (
        <p className="text-sm text-slate-600">You have not blocked anyone.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {members.map(({ user }) => (
            <li key={user.id} className="flex items-center justify-between gap-2 py-2">
              <span className="text-sm text-slate-900">{user.displayName}</span>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Unblock ${user.displayName}`}
                disabled={unblock.isPending && unblock.variables === user.id}
                onClick={() => unblock.mutate(user.id)}
              >
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
