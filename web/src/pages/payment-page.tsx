import { CreditCard, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { isPaidPlan, PAYMENT_TEXTS } from '../../../domain';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { OUTCOME_LINK, OutcomePending, OutcomeScreen } from '../components/ui/outcome-screen';
import { Skeleton } from '../components/ui/skeleton';
import { toast } from '../components/ui/toast';
import {
  checkoutTarget,
  PAID_PLAN_NAMES,
  planTotal,
  StillProcessing,
  useCreatePending,
  useLeaveFor,
  usePrices,
  useVerifyPayment,
} from '../features/payments';
import { clearPendingRegistration, readPendingRegistration } from '../features/registration';

/** The spec's post-payment redirect delay. */
export const AFTER_PAYMENT_REDIRECT_MS = 3000;

/**
 * /payment: the registration's last step before the checkout (pending → processing), and where
 * the checkout sends a registration back to (`?session_id=`: completed or error).
 */
export function PaymentPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  return sessionId ? <RegistrationOutcome sessionId={sessionId} /> : <Subscribe />;
}

function Subscribe() {
  const [pending] = useState(readPendingRegistration);
  const prices = usePrices();
  const createPending = useCreatePending();
  const { leaving, leave } = useLeaveFor();
  const [failure, setFailure] = useState<string | null>(null);
  if (!pending || !isPaidPlan(pending.membership)) return <Navigate to="/register" replace />;
  const plan = pending.membership;

  if (failure !== null) return <RegistrationFailed message={failure} />;

  const subscribe = () =>
    createPending.mutate(
      { ...pending, membership: plan },
      {
        onSuccess: (data) => {
          const { url, problem } = checkoutTarget(data);
          if (url !== undefined) return leave(url);
          toast.error('Registration Error', problem);
          setFailure(problem);
        },
        onError: (error) => {
          const message = error.message || PAYMENT_TEXTS.pendingCreationFailed;
          toast.error('Registration Error', message);
          setFailure(message);
        },
      },
    );

  return (
    <main className="space-y-6">
      <header className="text-center">
        <h1 className="text-2xl font-bold">Payment</h1>
        <p className="mt-1 text-slate-600">Complete your membership to finish registering.</p>
      </header>

      <Card className="space-y-3">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">Name</dt>
          <dd>{pending.name}</dd>
          <dt className="text-slate-500">Email</dt>
          <dd className="break-all">{pending.email}</dd>
          <dt className="text-slate-500">Plan</dt>
          <dd>{PAID_PLAN_NAMES[plan]}</dd>
          <dt className="text-slate-500">Fee</dt>
          <dd className="font-semibold">
            {prices.data ? planTotal(prices.data, plan) : <Skeleton className="h-5 w-24" />}
          </dd>
        </dl>
      </Card>

      <div className="grid gap-3">
        <Button
          size="lg"
          onClick={subscribe}
          disabled={createPending.isPending || leaving || !prices.data}
          aria-describedby="payment-note"
        >
          {createPending.isPending || leaving ? (
            <>
              <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin" />
              Processing...
            </>
          ) : (
            <>
              <CreditCard aria-hidden="true" className="h-5 w-5" />
              Subscribe
            </>
          )}
        </Button>
        <p id="payment-note" className="text-center text-sm text-slate-600">
          You pay on a secure card checkout page and come back here afterwards.
        </p>
        <Link to="/register" className="text-center text-sm text-brand-600 underline">
          Back to Registration
        </Link>
      </div>
    </main>
  );
}

function RegistrationOutcome({ sessionId }: { sessionId: string }) {
  const navigate = useNavigate();
  const verify = useVerifyPayment(sessionId);
  const completed = verify.data?.status === 'completed' && verify.data.success;

  // The payment did not go through: the spec's 'Registration Failed' toast, once, beside the
  // failure screen (which stays, with its ways back).
  const failed = verify.data?.status === 'failed';
  const failedMessage = verify.data?.message;
  useEffect(() => {
    if (failed) {
      toast.error(
        PAYMENT_TEXTS.completionFailedTitle,
        failedMessage || PAYMENT_TEXTS.completionFailedHint,
      );
    }
  }, [failed, failedMessage]);

  useEffect(() => {
    if (!completed) return;
    clearPendingRegistration();
    const timer = setTimeout(() => navigate('/login'), AFTER_PAYMENT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [completed, navigate]);

  if (verify.isPending) return <OutcomePending label="Processing your payment..." />;
  if (verify.isError) {
    return <RegistrationFailed message={verify.error.message || PAYMENT_TEXTS.verifyDefault} />;
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
  if (!completed) {
    return <RegistrationFailed message={verify.data.message || PAYMENT_TEXTS.completionFailed} />;
  }
  return (
    <OutcomeScreen
      tone="success"
      title="Registration Complete!"
      actions={
        <>
          <Link to="/login" className={OUTCOME_LINK.primary}>
            Go to Login
          </Link>
          <Link to="/" className={OUTCOME_LINK.outline}>
            Back to Home
          </Link>
        </>
      }
    >
      <Card role="status" className="space-y-2 text-left">
        <p className="font-medium">
          Your payment was received. Your account is pending verification.
        </p>
        <p className="text-sm text-slate-600">
          An admin reviews every new account, typically within 24-48 hours on business days. Your
          4-digit PIN is e-mailed to your work address once you are approved.
        </p>
        <p className="text-sm text-slate-600">Taking you to sign in...</p>
      </Card>
    </OutcomeScreen>
  );
}

function RegistrationFailed({ message }: { message: string }) {
  return (
    <OutcomeScreen
      tone="failure"
      title="Registration Failed"
      message={message}
      actions={
        <>
          <Link to="/register" className={OUTCOME_LINK.primary}>
            Back to Registration
          </Link>
          <Link to="/login" className={OUTCOME_LINK.outline}>
            Try Login Instead
          </Link>
        </>
      }
    />
  );
}
