import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { toast } from '../components/ui/toast';
import { PinForm, useSession, useSetPasscode } from '../features/auth';

const SET_FAILED = 'Failed to set passcode. Please try again.';

/** /verify-email: choose a 4-digit passcode, then set up the profile. */
export function CreatePasscodePage() {
  const [params] = useSearchParams();
  const email = params.get('email');
  const navigate = useNavigate();
  const session = useSession();
  const save = useSetPasscode();

  if (!email) return <Navigate to="/" replace />;

  const submit = ([passcode]: string[], fail: (message: string) => void) =>
    save.mutate(passcode!, {
      onSuccess: () => {
        toast.success('Passcode set', 'Use it the next time you sign in.');
        navigate('/profile-setup');
      },
      onError: (failure: Error) => {
        // A demo user's refusal names the PIN they must use, so the server's text is kept.
        const message = failure.message || SET_FAILED;
        fail(message);
        toast.error('Failed to set passcode', message);
      },
    });

  return (
    <main className="space-y-6">
      <header className="text-center">
        <h1 className="text-2xl font-bold">Create Passcode</h1>
        <p className="mt-1 break-all text-slate-600">{email}</p>
      </header>
      <Card>
        {session.isPending ? (
          <div role="status" aria-label="Loading" className="space-y-3">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : session.data ? (
          <PinForm
            className="space-y-5"
            pins={[{ label: 'Choose a 4-digit passcode', autoFocus: true }]}
            pending={save.isPending}
            onSubmit={submit}
            actions={() => (
              <Button type="submit" size="lg" className="w-full" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save Passcode'}
              </Button>
            )}
          />
        ) : (
          <div className="space-y-3 text-center">
            <p className="text-slate-700">
              Sign in with the PIN from your approval e-mail first; you can then choose your own.
            </p>
            <Link
              to={`/passcode?email=${encodeURIComponent(email)}`}
              className="inline-flex h-12 items-center justify-center rounded-xl bg-brand-600 px-5 font-medium text-white hover:bg-brand-700"
            >
              Sign in
            </Link>
          </div>
        )}
      </Card>
    </main>
  );
}
