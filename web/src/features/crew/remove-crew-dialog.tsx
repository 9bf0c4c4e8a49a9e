import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CrewMember } from '../../../../domain';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { flightApi, refreshFlights } from '../flights/api';

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
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (entryId: number) => flightApi.leave(entryId),
    onSuccess: () => {
      toast.success('Crew member removed');
      refreshFlights(client, flightId);
      onClose();
    },
    onError: (error) => {
      console.error('Error removing crew member', error);
      onClose();
    },
  });
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Remove ${member?.user.displayName ?? ''} from this flight?`}
      description="They will no longer appear in this flight's crew list."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={mutation.isPending}
            onClick={() => member && mutation.mutate(member.id)}
          >
            Remove
          </Button>
        </>
      }
    />
  );
}
