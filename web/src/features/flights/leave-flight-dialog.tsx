import { flightTitle } from '../../../../domain';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast';
import { useLeaveFlight } from './api';

/**
 * Leaving a flight: removes only the member's own crew entry (DELETE /api/flight-crew/{id});
 * the flight, and the other members' waves and messages on it, stay.
 */
export function LeaveFlightDialog({
  entry,
  onClose,
  onLeft,
}: {
  entry: { id: number; flightId: number; flightNumber: string } | null;
  onClose: () => void;
  onLeft?: () => void;
}) {
  const leave = useLeaveFlight();
  const confirm = (target: { id: number; flightId: number }) =>
    leave.mutate(
      { entryId: target.id, flightId: target.flightId },
      {
        onSuccess: () => {
          toast.success('Left flight', 'You have been removed from its crew list');
          onClose();
          onLeft?.();
        },
        onError: (error) => {
          toast.error('Error leaving flight', error.message);
          onClose();
        },
      },
    );
  return (
    <ConfirmDialog
      open={entry !== null}
      onCancel={onClose}
      onConfirm={() => entry && confirm(entry)}
      title="Leave flight"
      description={`Are you sure you want to leave ${entry ? flightTitle(entry.flightNumber).text : ''}? You will be removed from its crew list; the flight stays for the other crew.`}
      confirmLabel="Leave flight"
      busy={leave.isPending}
      destructive
    />
  );
}
