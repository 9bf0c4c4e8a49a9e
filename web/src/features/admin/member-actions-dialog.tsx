import type { LucideIcon } from 'lucide-react';
import {
  Eraser,
  Eye,
  KeyRound,
  LogOut,
  Mail,
  Plane,
  RotateCcw,
  Shield,
  ShieldOff,
  Trash2,
  UserRound,
} from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import type { AdminUser } from './members-api';

export type MemberAction =
  | 'editPin'
  | 'viewPin'
  | 'editEmail'
  | 'signOutAll'
  | 'removeData'
  | 'flights'
  | 'details'
  | 'toggleAdmin'
  | 'delete'
  | 'restore';

type Props = {
  user: AdminUser | null;
  /** The signed-in admin's own row: no grant/revoke there (the server refuses it too). */
  isSelf: boolean;
  onPick: (action: MemberAction) => void;
  onClose: () => void;
};

type Entry = { action: MemberAction; label: string; icon: LucideIcon; danger?: boolean };

function entriesFor(user: AdminUser, isSelf: boolean): Entry[] {
  const entries: Entry[] = [
    { action: 'details', label: 'View details', icon: UserRound },
    { action: 'flights', label: 'View flights', icon: Plane },
    { action: 'editPin', label: 'Edit PIN', icon: KeyRound },
    { action: 'viewPin', label: 'View PIN', icon: Eye },
    { action: 'editEmail', label: 'Edit email', icon: Mail },
    { action: 'signOutAll', label: 'Sign out all sessions', icon: LogOut },
  ];
  if (!isSelf) {
    entries.push(
      user.isAdmin
        ? { action: 'toggleAdmin', label: 'Revoke admin', icon: ShieldOff }
        : { action: 'toggleAdmin', label: 'Grant admin', icon: Shield },
    );
  }
  entries.push({ action: 'removeData', label: 'Remove user data', icon: Eraser, danger: true });
  if (user.isDeleted) {
    entries.push({ action: 'restore', label: 'Restore account', icon: RotateCcw });
  }
  if (!isSelf) {
    entries.push({ action: 'delete', label: 'Delete permanently', icon: Trash2, danger: true });
  }
  return entries;
}

/**
 * One member's actions as a sheet (a bottom sheet on a phone): every button names the member,
 * so a screen reader hears 'Edit PIN for pat@ba.com', not a row of bare verbs.
 */
export function MemberActionsDialog({ user, isSelf, onPick, onClose }: Props) {
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={user ? (user.name ?? user.email) : 'Member'}
      description={user?.email}
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      {user ? (
        <ul className="grid gap-2 sm:grid-cols-2">
          {entriesFor(user, isSelf).map(({ action, label, icon: Icon, danger }) => (
            <li key={action}>
              <Button
                variant="outline"
                aria-label={`${label} for ${user.email}`}
                // `!`: cn does not merge classes, so the outline variant's own text colour would win.
                className={danger ? 'w-full justify-start text-red-700!' : 'w-full justify-start'}
                onClick={() => onPick(action)}
              >
                <Icon aria-hidden="true" className="h-4 w-4" />
                {label}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}
