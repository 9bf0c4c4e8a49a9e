import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { formatMoney, PAYMENT_TEXTS, type VerifyPaymentResponse } from '../../../domain';
import { Card } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { StillProcessing, usePrices, useVerifyPayment } from '../features/payments';

const linkButton =
  'inline-flex h-12 items-center justify-center rounded-xl px-5 font-medium focus-visible:outline-2';
const primaryLink = `${linkButton} bg-brand-600 text-white hover:bg-brand-700`;
const outlineLink = `${linkButton} border border-slate-300 bg-white hover:bg-slate-50`;

/** /payment-success?session_id=: what our webhook handler recorded for the checkout. */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const verify = useVerifyPayment(sessionId);

  if (!sessionId) return <VerificationFailed message={PAYMENT_TEXTS.noPaymentSession} />;
  if (verify.isPending) {
    return (
      <main className="pt-10 text-center">
        <div role="status" className="flex flex-col items-center gap-3">
          <Loader2 aria-hidden="true" className="h-10 w-10 animate-spin text-brand-600" />
          <p className="font-medium">Verifying your payment...</p>
        </div>
      </main>
    );
  }
  if (verify.isError) {
    return <VerificationFailed message={verify.error.message || PAYMENT_TEXTS.verifyDefault} />;
  }
  if (verify.data.status === 'pending') {
    return (
      <StillProcessing
        message={verify.data.message}
        onCheckAgain={() => verify.refetch()}
        checking={verify.isFetching}
      />
    );
  }
  if (verify.data.status !== 'completed' || !verify.data.success) {
    return <VerificationFailed message={verify.data.message || PAYMENT_TEXTS.verifyFailed} />;
  }
  return <PaymentConfirmed outcome={verify.data} />;
}

function paymentType(outcome: VerifyPaymentResponse) {
  if (outcome.isRenewal) return 'Membership Renewal';
  if (outcome.purpose === 'conversion') return 'Trial Conversion';
  return 'New Registration';
}

function PaymentConfirmed({ outcome }: { outcome: VerifyPaymentResponse }) {
  const prices = usePrices();
  const registration = !outcome.isRenewal && outcome.purpose !== 'conversion';
  return (
    <main className="space-y-6 pt-4 text-center">
      <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-green-700">
        <CheckCircle2 aria-hidden="true" className="h-8 w-8" />
      </div>
      <h1 className="text-2xl font-bold">Payment Successful!</h1>

      {outcome.session ? (
        <Card>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-left text-sm">
            <dt className="text-slate-500">Amount</dt>
            <dd className="font-semibold">
              {prices.data ? (
                formatMoney(outcome.session.amount_total, prices.data.currency)
              ) : (
                <Skeleton className="h-5 w-16" />
              )}
            </dd>
            <dt className="text-slate-500">Email</dt>
            <dd className="break-all">{outcome.session.customer_email}</dd>
            <dt className="text-slate-500">Type</dt>
            <dd>{paymentType(outcome)}</dd>
          </dl>
        </Card>
      ) : null}

      {registration ? (
        <Card role="status" className="space-y-2 text-left">
          <p className="font-medium">Your account is awaiting admin approval.</p>
          <p className="text-sm text-slate-600">
            Approval typically takes 24-48 hours on business days. Your 4-digit PIN is e-mailed to
            your work address once you are approved.
          </p>
        </Card>
      ) : (
        <p className="text-slate-700">{outcome.message}</p>
      )}

      <div className="grid gap-3">
        {registration ? (
          <Link to="/awaiting-approval" state={{ paid: true }} className={primaryLink}>
            Continue
          </Link>
        ) : outcome.purpose === 'conversion' ? (
          <Link to="/profile" className={primaryLink}>
            Go to Profile
          </Link>
        ) : (
          <Link to="/login" className={primaryLink}>
            Go to Login
          </Link>
        )}
      </div>
    </main>
  );
}

function VerificationFailed({ message }: { message: string }) {
  return (
    <main className="space-y-6 pt-4 text-center">
      <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-red-100 text-red-700">
        <XCircle aria-hidden="true" className="h-8 w-8" />
      </div>
      <div role="alert" className="space-y-2">
        <h1 className="text-2xl font-bold">{PAYMENT_TEXTS.verifyFailedTitle}</h1>
        <p className="text-slate-700">{message}</p>
      </div>
      <div className="grid gap-3">
        <Link to="/renew" className={primaryLink}>
          Try Again
        </Link>
        <Link to="/login" className={outlineLink}>
          Go to Login
        </Link>
      </div>
    </main>
  );
}
