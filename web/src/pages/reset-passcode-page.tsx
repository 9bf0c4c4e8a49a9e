import { KeyRound } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useResetPasscode } from '../features/auth';
import { ApiError } from '../lib/api-client';

const LINK_INVALID = 'This reset link has expired or was already used.';

/**
 * /reset-passcode?token=...: the link from the 'Forgot passcode' e-mail. The token is spent on
 * a button press, not on render: mail scanners prefetch links and StrictMode runs effects twice.
 */
export function ResetPasscodePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPasscode();

  if (reset.data) {
    const { pin, email } = reset.data;
    return (
      <main className="space-y-6 text-center">
        <h1 className="text-2xl font-bold">Your new PIN</h1>
        <Card className="space-y-4">
          <p className="text-slate-700">
            Your new 4-digit PIN for <span className="break-all font-medium">{email}</span> is:
          </p>
          <p className="font-mono text-5xl font-bold tracking-[0.4em] text-brand-700">
            <span className="sr-only">{pin.split('').join(' ')}</span>
            <span aria-hidden="true">{pin}</span>
          </p>
          <p className="text-sm text-slate-600">
            It is shown only once and has also been e-mailed to you. Any lock on your account has
            been lifted.
          </p>
          <Link
            to={`/passcode?email=${encodeURIComponent(email)}`}
            className="inline-flex h-12 w-full items-center justify-center rounded-xl bg-brand-600 px-5 font-medium text-white hover:bg-brand-700"
          >
            Sign in
          </Link>
        </Card>
      </main>
    );
  }

  // A refused token is spent for good; a network failure may be retried.
  const spent = reset.error instanceof ApiError && reset.error.status !== 0;
  const problem = !token ? LINK_INVALID : reset.error ? reset.error.message || LINK_INVALID : null;

  return (
    <main className="space-y-6 text-center">
      <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <KeyRound aria-hidden="true" className="h-8 w-8" />
      </div>
      <h1 className="text-2xl font-bold">Reset your PIN</h1>
      <Card className="space-y-4">
        <p className="text-slate-700">
          Press the button to get a new 4-digit PIN. The link works once and expires 30 minutes
          after it was sent.
        </p>
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
        {token && !spent ? (
          <Button
            size="lg"
            className="w-full"
            disabled={reset.isPending}
            onClick={() => reset.mutate(token)}
          >
            {reset.isPending ? 'Getting your PIN...' : 'Get my new PIN'}
          </Button>
        ) : (
          <Link to="/passcode" className="text-brand-600 underline">
            Back to sign in
          </Link>
        )}
      </Card>
    </main>
  );
}
