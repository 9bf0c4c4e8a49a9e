import { RefreshCw } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  PAID_PLANS,
  PAYMENT_TEXTS,
  type PaidPlan,
  payButtonText,
  renewalRequestSchema,
} from '../../../domain';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Input, Label } from '../components/ui/input';
import { Skeleton } from '../components/ui/skeleton';
import { toast } from '../components/ui/toast';
import {
  checkoutStartFailure,
  checkoutTarget,
  PAID_PLAN_NAMES,
  type RenewalEligibility,
  useLeaveFor,
  usePrices,
  useRenewalCheckout,
  useRenewalEligibility,
} from '../features/payments';

/** /renew and /renew-membership: expired or cancelled members pay again. */
export function RenewPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const eligibility = useRenewalEligibility();
  const [checked, setChecked] = useState<{ email: string; answer: RenewalEligibility } | null>(
    null,
  );
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = renewalRequestSchema.safeParse({ email });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? null;
      if (!email.trim()) toast.error('Email Required', message ?? undefined);
      else setProblem(message);
      return;
    }
    setProblem(null);
    eligibility.mutate(parsed.data.email, {
      onSuccess: (answer) => {
        if (answer.success && answer.userId !== undefined) {
          setChecked({ email: parsed.data.email, answer });
        } else {
          setProblem(answer.message ?? PAYMENT_TEXTS.notEligibleForRenewal);
        }
      },
      onError: (error) => setProblem(error.message || PAYMENT_TEXTS.notEligibleForRenewal),
    });
  };

  return (
    <main className="space-y-6">
      <header className="text-center">
        <RefreshCw aria-hidden="true" className="mx-auto h-10 w-10 text-brand-600" />
        <h1 className="mt-2 text-2xl font-bold">Renew Membership</h1>
        <p className="mt-1 text-slate-600">Pick up where you left off with a new plan.</p>
      </header>

      {checked ? (
        <RenewalPlans email={checked.email} eligibility={checked.answer} />
      ) : (
        <Card>
          <form noValidate onSubmit={submit} className="space-y-4">
            <div className="space-y-1.5">
              <Label htmlFor="renew-email">Work email</Label>
              <Input
                id="renew-email"
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder="name@ba.com"
                value={email}
                aria-invalid={problem ? true : undefined}
                aria-describedby="renew-problem"
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            <p id="renew-problem" role="alert" className="min-h-5 text-sm text-red-700">
              {problem}
            </p>
            <Button type="submit" size="lg" className="w-full" disabled={eligibility.isPending}>
              {eligibility.isPending ? 'Checking...' : 'Continue'}
            </Button>
          </form>
        </Card>
      )}

      <p className="text-center text-sm text-slate-600">
        <Link to="/login" className="text-brand-600 underline">
          Back to sign in
        </Link>
      </p>
    </main>
  );
}

function RenewalPlans({ email, eligibility }: { email: string; eligibility: RenewalEligibility }) {
  const prices = usePrices();
  const checkout = useRenewalCheckout();
  const { leaving, leave } = useLeaveFor();
  const choose = (plan: PaidPlan) =>
    checkout.mutate(
      {
        membershipType: plan,
        customerEmail: email,
        userId: eligibility.userId as number,
        isRenewal: true,
      },
      {
        onSuccess: (data) => {
          const { url, problem } = checkoutTarget(data);
          if (url !== undefined) leave(url);
          else toast.error('Payment Error', problem);
        },
        onError: (error) => toast.error('Payment Error', checkoutStartFailure(error)),
      },
    );

  return (
    <section aria-labelledby="renew-welcome" className="space-y-4">
      <Card className="space-y-1">
        <h2 id="renew-welcome" className="text-lg font-semibold">
          Welcome back{eligibility.name ? `, ${eligibility.name}` : ''}!
        </h2>
        <p className="text-sm text-slate-600">
          Choose a plan for <span className="break-all">{email}</span>.
        </p>
      </Card>
      <div className="grid gap-3" aria-busy={prices.data ? undefined : true}>
        {PAID_PLANS.map((plan) =>
          prices.data ? (
            <Button
              key={plan}
              size="lg"
              variant={plan === 'yearly' ? 'primary' : 'outline'}
              disabled={checkout.isPending || leaving}
              onClick={() => choose(plan)}
            >
              {checkout.isPending && checkout.variables?.membershipType === plan
                ? 'Processing...'
                : `${PAID_PLAN_NAMES[plan]}: ${payButtonText(prices.data, plan)}`}
            </Button>
          ) : (
            <Skeleton key={plan} className="h-12 w-full" />
          ),
        )}
      </div>
    </section>
  );
}
