import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast';
import { approvalsApi, pendingApprovalsKey, pendingCountKey } from './approvals-api';

const APPROVED_TOAST_MS = 10_000;

/** Approve, reject and e-mail edits, each with the spec's success and failure toasts. */
export function useApprovalActions() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: pendingApprovalsKey });
    void queryClient.invalidateQueries({ queryKey: pendingCountKey });
  };

  const approve = useMutation({
    mutationFn: (user: { id: number; email: string }) => approvalsApi.approve(user.id),
    onSuccess: (_data, user) => {
      toast.success(
        'User Approved!',
        `${user.email} can now sign in: their PIN has been sent by e-mail.`,
        APPROVED_TOAST_MS,
      );
      refresh();
    },
    onError: (error) => toast.error('Approval Failed', error.message || 'Failed to approve user'),
  });

  const reject = useMutation({
    mutationFn: approvalsApi.reject,
    onSuccess: () => {
      toast.success('User Rejected', 'The registration has been rejected.');
      refresh();
    },
    onError: (error) => toast.error('Rejection Failed', error.message || 'Failed to reject user'),
  });

  const updateEmail = useMutation({
    mutationFn: approvalsApi.updateEmail,
    onSuccess: (data) => {
      toast.success('Email Updated', `${data.oldEmail} is now ${data.newEmail}.`);
      refresh();
    },
    onError: (error) =>
      toast.error('Update Failed', error.message || 'Failed to update email address'),
  });

  return { approve, reject, updateEmail };
}
