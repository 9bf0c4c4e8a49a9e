import { flightTitle } from '../../../../domain';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast';
import { useDeleteFlight } from './api';

type Target = { id: number; flightNumber: string };

/**
 * Deleting a flight for everyone. `variant` picks the spec's wording: the home card's
 * 'Are you sure?', the detail screen's 'Delete Flight', or My Flights' 'entirely' text.
 */
export function DeleteFlightDialog({
  flight,
  variant,
  onClose,
  onDeleted,
}: {
  flight: Target | null;
  variant: 'home' | 'detail' | 'my-flights';
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const mutation = useDeleteFlight();
  const confirm = (id: number) =>
    mutation.mutate(id, {
      onSuccess: () => {
        toast.success('Flight deleted', 'The flight has been successfully deleted');
        onClose();
        onDeleted?.();
      },
      onError: (error) => {
        toast.error('Error deleting flight', error.message);
        onClose();
      },
    });
  const name = flight ? flightTitle(flight.flightNumber).text : '';
  const text = {
    home: {
      title: 'Are you sure?',
      description: `This will permanently delete flight ${name} and all associated data: its crew list, waves and messages. The list may take a few seconds to refresh.`,
    },
    detail: {
      title: 'Delete Flight',
      description: `Are you sure you want to delete ${name}? This permanently removes it, with its crew list, waves and messages, for all crew members.`,
    },
    'my-flights': {
      title: 'Delete Flight',
      description: `Are you sure you want to delete ${name} entirely? This will remove it for all crew members.`,
    },
  }[variant];
  return (
    <ConfirmDialog
      open={flight !== null}
      onCancel={onClose}
      onConfirm={() => flight && confirm(flight.id)}
      title={text.title}
      description={text.description}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={mutation.isPending}
      destructive
    />
  );
}
