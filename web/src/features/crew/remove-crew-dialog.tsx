import type { CrewMember } from '../../../../domain';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast';
import { useLeaveFlight } from '../flights';

/** Admin removal: 'Remove {name} from this flight?'. A failure on this screen is only logged. */
export function RemoveCrewDialog({
  member,
  flightId,
  onClose,
}: {
  member: CrewMember | null;
  flightId: number;
  onClose: () => void;
}) {
  const mutation = useLeaveFlight();
  const remove = (entryId: number) =>
    mutation.mutate(
      { entryId, flightId },
      {
        onSuccess: () => {
          toast.success('Crew member removed');
          onClose();
        },
        onError: (error) => {
          console.error('Error removing crew member', error);
          onClose();
        },
      },
    );
  return (
    <ConfirmDialog
      open={member !== null}
      onCancel={onClose}
      onConfirm={() => member && remove(member.id)}
      title={`Remove ${member?.user.displayName ?? ''} from this flight?`}
      description="They will no longer appear in this flight's crew list."
      confirmLabel="Remove"
      busy={mutation.isPending}
      destructive
    />
  );
}
