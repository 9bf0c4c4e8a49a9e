import { Eye, EyeOff, Pencil } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { UpdateProfileRequest, User } from '../../../../domain';
import { MOBILE_MAX, NAME_MAX, NICKNAME_MAX } from '../../../../domain';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/toast';
import { usePasscode, useUpdateContactEmail, useUpdateProfile } from './api';
import { ChangePasscodeDialog } from './change-passcode-dialog';
import { type EditableField, EditFieldDialog } from './edit-field-dialog';
import { failureText } from './failure';
import { rankOptions } from './ranks';

type ProfileKey = 'name' | 'nickname' | 'role' | 'mobileNumber' | 'contactEmail';
type Editing = { target: ProfileKey | 'adminContactEmail'; field: EditableField };

const SUCCESS: Record<Editing['target'], string> = {
  name: 'Profile Updated',
  nickname: 'Profile Updated',
  mobileNumber: 'Profile Updated',
  role: 'Rank Updated',
  contactEmail: 'Email Updated',
  adminContactEmail: 'Contact Email Updated',
};

function Row({ label, value, action }: { label: string; value: ReactNode; action?: ReactNode }) {
  return (
    // Only dt and dd in the item (a valid <dl>): the edit button is a dd of its own, beside both.
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 py-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="col-start-1 truncate font-medium">{value}</dd>
      {action ? <dd className="col-start-2 row-span-2 row-start-1">{action}</dd> : null}
    </div>
  );
}

const notSet = <span className="font-normal text-slate-600">Not set</span>;

/** Name, nickname, login e-mail, notification e-mail, rank, mobile, PIN, admin contact e-mail. */
export function InfoList({ user }: { user: User }) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [changingPin, setChangingPin] = useState(false);
  const [pinShown, setPinShown] = useState(false);
  const passcode = usePasscode(pinShown);
  const update = useUpdateProfile();
  const updateContact = useUpdateContactEmail();
  const locked = user.isDemoUser;

  const edit = (target: Editing['target'], field: EditableField) => () =>
    setEditing({ target, field });

  const editButton = (label: string, onClick: () => void) => (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Edit ${label}`}
      disabled={locked}
      onClick={onClick}
    >
      <Pencil aria-hidden="true" className="h-4 w-4" />
    </Button>
  );

  const save = async (value: string): Promise<boolean> => {
    if (!editing) return false;
    const { target, field } = editing;
    try {
      if (target === 'adminContactEmail') await updateContact.mutateAsync(value);
      else await update.mutateAsync({ [target]: value } as UpdateProfileRequest);
      toast.success(SUCCESS[target], `${field.label} saved.`);
      return true;
    } catch (error) {
      const fallback =
        target === 'role'
          ? 'Failed to update rank'
          : `Failed to update ${field.label.toLowerCase()}`;
      toast.error('Update Failed', failureText(error, fallback));
      return false;
    }
  };

  const pinText = pinShown
    ? passcode.isPending
      ? '…'
      : passcode.isError
        ? failureText(passcode.error, 'Failed to load your PIN')
        : (passcode.data?.passcode ?? 'Not set')
    : '••••';

  return (
    <Card>
      <h2 className="font-semibold">Your Information</h2>
      {locked ? (
        <p className="mt-1 text-sm text-slate-600">Demo mode - profile editing is not available.</p>
      ) : null}
      <dl className="divide-y divide-slate-100">
        <Row
          label="Name"
          value={user.name ?? notSet}
          action={editButton(
            'Name',
            edit('name', {
              label: 'Name',
              value: user.name ?? '',
              kind: 'text',
              maxLength: NAME_MAX,
              autoComplete: 'name',
            }),
          )}
        />
        <Row
          label="Nickname"
          value={user.nickname ?? notSet}
          action={editButton(
            'Nickname',
            edit('nickname', {
              label: 'Nickname',
              value: user.nickname ?? '',
              kind: 'text',
              maxLength: NICKNAME_MAX,
              hint: 'Other crew see your nickname until you both match. Leave blank to appear as Anonymous Crew Member.',
            }),
          )}
        />
        <Row label="Login email" value={user.email} />
        <Row
          label="Notification email"
          value={user.contactEmail ?? notSet}
          action={editButton(
            'Notification email',
            edit('contactEmail', {
              label: 'Notification email',
              value: user.contactEmail ?? '',
              kind: 'email',
              autoComplete: 'email',
              hint: 'A personal address for notifications. Leave blank to use your login e-mail.',
            }),
          )}
        />
        <Row
          label="Rank"
          value={user.role ?? notSet}
          action={editButton(
            'Rank',
            edit('role', {
              label: 'Rank',
              value: user.role ?? '',
              kind: 'select',
              options: rankOptions(user),
            }),
          )}
        />
        <Row
          label="Mobile Number"
          value={user.mobileNumber ?? notSet}
          action={editButton(
            'Mobile Number',
            edit('mobileNumber', {
              label: 'Mobile Number',
              value: user.mobileNumber ?? '',
              kind: 'tel',
              autoComplete: 'tel',
              maxLength: MOBILE_MAX,
              hint: 'Shared only with crew you match with, and only if you choose to share contact info.',
            }),
          )}
        />
        <Row
          label="Passcode"
          value={
            <span className="font-mono tracking-widest" data-testid="passcode-value">
              {pinText}
            </span>
          }
          action={
            <div className="flex items-center gap-1">
              <Button
                variant="ghost"
                size="icon"
                aria-label={pinShown ? 'Hide passcode' : 'Show passcode'}
                aria-pressed={pinShown}
                onClick={() => setPinShown((shown) => !shown)}
              >
                {pinShown ? (
                  <EyeOff aria-hidden="true" className="h-4 w-4" />
                ) : (
                  <Eye aria-hidden="true" className="h-4 w-4" />
                )}
              </Button>
              <Button variant="outline" size="sm" onClick={() => setChangingPin(true)}>
                Change
              </Button>
            </div>
          }
        />
        {user.isAdmin ? (
          <Row
            label="Admin Contact Email"
            value={user.contactEmail ?? notSet}
            action={editButton(
              'Admin Contact Email',
              edit('adminContactEmail', {
                label: 'Admin Contact Email',
                value: user.contactEmail ?? '',
                kind: 'email',
                autoComplete: 'email',
                hint: 'Where admin notifications are sent.',
              }),
            )}
          />
        ) : null}
      </dl>
      <EditFieldDialog
        field={editing?.field ?? null}
        onOpenChange={(open) => !open && setEditing(null)}
        onSave={save}
      />
      <ChangePasscodeDialog open={changingPin} onOpenChange={setChangingPin} />
    </Card>
  );
}
