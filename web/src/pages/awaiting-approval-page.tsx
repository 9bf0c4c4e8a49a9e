import { CheckCircle2, Clock, Mail } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Card } from '../components/ui/card';

/**
 * Shown after a registration until an admin approves. It says 'Payment successful.' only when
 * the payment flow sent the member here (state `paid`, or `?paid=1` from a checkout's return);
 * a trial or a direct visit claims no payment.
 */
export function AwaitingApprovalPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as { trial?: boolean; paid?: boolean } | null;
  const trial = state?.trial === true;
  const paid = !trial && (state?.paid === true || params.get('paid') === '1');
  const headline = trial
    ? 'Your free trial registration is complete.'
    : paid
      ? 'Payment successful.'
      : 'Your registration is complete.';

  return (
    <main className="space-y-6 pt-4 text-center">
      <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-green-700">
        <CheckCircle2 aria-hidden="true" className="h-8 w-8" />
      </div>
      <p className="font-medium text-green-700">{headline}</p>
      <h1 className="text-2xl font-bold">Awaiting Admin Approval</h1>

      <Card className="space-y-4 text-left">
        <p className="flex items-start gap-3">
          <Mail aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
          <span>
            Once an admin has approved your account, your 4-digit PIN is e-mailed to your work
            address. Use it to sign in.
          </span>
        </p>
        <p className="flex items-start gap-3">
          <Clock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
          <span>Approval typically takes 24-48 hours on business days.</span>
        </p>
      </Card>

      <div className="grid gap-3">
        <Link
          to="/login"
          className="inline-flex h-12 items-center justify-center rounded-xl bg-brand-600 px-5 font-medium text-white hover:bg-brand-700"
        >
          Go to Sign In
        </Link>
        <Link to="/" className="text-sm text-brand-600 underline">
          Back to home
        </Link>
      </div>
    </main>
  );
}
