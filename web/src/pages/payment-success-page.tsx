import { Link, useSearchParams } from 'react-router';
import { formatMoney, PAYMENT_TEXTS, type VerifyPaymentResponse } from '../../../domain';
import { Card } from '../components/ui/card';
import { OUTCOME_LINK, OutcomePending, OutcomeScreen } from '../components/ui/outcome-screen';
import { Skeleton } from '../components/ui/skeleton';
import { StillProcessing, usePrices, useVerifyPayment } from '../features/payments';

/** /payment-success?session_id=: what our webhook handler recorded for the checkout. */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const verify = useVerifyPayment(sessionId);

  if (!sessionId) return <VerificationFailed message={PAYMENT_TEXTS.noPaymentSession} />;
  if (verify.isPending) return <OutcomePending label="Verifying your payment..." />;
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
    <OutcomeScreen
      tone="success"
      title="Payment Successful!"
      actions={
        registration ? (
          <Link to="/awaiting-approval" state={{ paid: true }} className={OUTCOME_LINK.primary}>
            Continue
          </Link>
        ) : outcome.purpose === 'conversion' ? (
          <Link to="/profile" className={OUTCOME_LINK.primary}>
            Go to Profile
          </Link>
        ) : (
          <Link to="/login" className={OUTCOME_LINK.primary}>
            Go to Login
          </Link>
        )
      }
    >
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
    </OutcomeScreen>
  );
}

function VerificationFailed({ message }: { message: string }) {
  return (
    <OutcomeScreen
      tone="failure"
      title={PAYMENT_TEXTS.verifyFailedTitle}
      message={message}
      actions={
        <>
          <Link to="/renew" className={OUTCOME_LINK.primary}>
            Try Again
          </Link>
          <Link to="/login" className={OUTCOME_LINK.outline}>
            Go to Login
          </Link>
        </>
      }
    />
  );
}
