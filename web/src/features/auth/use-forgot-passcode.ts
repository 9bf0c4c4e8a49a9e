import { useMutation } from '@tanstack/react-query';
import { forgotPasscodeRequestSchema, isCrewEmail } from '../../../../domain';
import { toast } from '../../components/ui/toast';
import { CREW_DOMAINS } from '../registration/crew-domains';
import { authApi } from './auth-api';

const LINK_SENT = 'If an account exists for this address, a link to get a new PIN is on its way.';

/** 'Forgot passcode': the server answers the same whether or not the account exists. */
export function useForgotPasscode(onInvalid: (message: string) => void) {
  const mutation = useMutation({
    mutationFn: authApi.forgotPasscode,
    onSuccess: (data, email) => {
      if (data.message) return void toast.success('PIN Reset Sent', data.message, 10_000);
      // Corporate mail servers hold messages for scanning, so their members are told to wait.
      const hint = isCrewEmail(email, CREW_DOMAINS)
        ? 'Corporate e-mail can take a few minutes to arrive, so please be patient and check your spam folder too.'
        : 'Check your inbox and spam folder.';
      toast.success('PIN Reset Sent', `${LINK_SENT} ${hint}`, 10_000);
    },
    onError: (error) => toast.error('Failed to reset passcode', error.message),
  });

  const request = (typedEmail: string) => {
    const parsed = forgotPasscodeRequestSchema.safeParse({ email: typedEmail });
    if (!parsed.success) return onInvalid(parsed.error.issues[0]!.message);
    mutation.mutate(parsed.data.email);
  };
  return { request, isPending: mutation.isPending };
}
