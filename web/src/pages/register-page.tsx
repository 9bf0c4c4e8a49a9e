import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  CREW_ROLES,
  type CrewRole,
  checkEmailQuerySchema,
  EMAIL_TAKEN,
  FILL_REQUIRED,
  isPaidPlan,
  PAYMENT_TEXTS,
  type PriceTable,
  payButtonText,
  type RegistrationMembership,
  type RegistrationRequest,
  type RegistrationResponse,
} from '../../../domain';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Input, Label } from '../components/ui/input';
import { Select } from '../components/ui/select';
import { toast } from '../components/ui/toast';
import { checkoutTarget, useCreatePending, useLeaveFor, usePrices } from '../features/payments';
import {
  CREW_DOMAINS,
  clearRegistrationDraft,
  emailProblem as describeEmailProblem,
  describeRegistrationFailure,
  type RegistrationFailure,
  RegistrationPlanPicker,
  RegistrationSummary,
  readRegistrationDraft,
  savePendingRegistration,
  saveRegistrationDraft,
  TermsGate,
  useEmailAvailability,
  useRegister,
  VERIFY_EMAIL_FAILED,
} from '../features/registration';
import { ApiError } from '../lib/api-client';
import { useDebouncedValue } from '../lib/use-debounced-value';

/** How long an address must stay unchanged to count as complete (the availability check's). */
const SETTLE_MS = 500;

export function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [draft] = useState(readRegistrationDraft);
  const [email, setEmail] = useState(() => params.get('email') ?? draft.email);
  const [emailTouched, setEmailTouched] = useState(false);
  const [name, setName] = useState(draft.name);
  const [role, setRole] = useState<CrewRole | ''>(draft.role);
  const [membership, setMembership] = useState<RegistrationMembership | ''>(draft.membership);
  const [agreed, setAgreed] = useState(false);
  // 'Please fill in all required fields' answers a submit, it is not a greeting.
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<RegistrationFailure | null>(null);
  const settledEmail = useDebouncedValue(email, SETTLE_MS);

  useEffect(() => {
    saveRegistrationDraft({ email, name, role, membership });
  }, [email, name, role, membership]);

  const parsedEmail = checkEmailQuerySchema.safeParse({ email });
  const availability = useEmailAvailability(email);
  // Renewable is taken too: that account renews instead of registering again.
  const emailTaken = availability === 'taken' || availability === 'renewable';

  const prices = usePrices();
  const register = useRegister();
  const createPending = useCreatePending();
  const { leaving, leave } = useLeaveFor();
  const busy = register.isPending || createPending.isPending || leaving;

  const showFailure = (error: Error, request: RegistrationRequest) => {
    const described = describeRegistrationFailure(error, request.email);
    if (described.canRenew) {
      toast.info(
        'Membership Renewal Available',
        'Your membership has ended. Renew it to sign in again.',
        8000,
      );
    }
    setFailure(described);
  };

  /** A paid plan: keep the registration on this device, then go to the checkout. */
  const pay = (request: RegistrationRequest) => {
    savePendingRegistration(request);
    createPending.mutate(request, {
      onSuccess: (data) => {
        clearRegistrationDraft();
        const { url, problem } = checkoutTarget(data);
        if (url !== undefined) leave(url);
        else toast.error('Registration Error', problem);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.body.code === 'USER_EXISTS') {
          showFailure(error, request);
        } else {
          toast.error('Registration Error', error.message || PAYMENT_TEXTS.pendingCreationFailed);
        }
      },
    });
  };

  const callbacks = {
    onSuccess: (data: RegistrationResponse, request: RegistrationRequest) => {
      if (data.requiresPayment || data.trialCreated) clearRegistrationDraft();
      if (data.requiresPayment) {
        savePendingRegistration(request);
        navigate('/payment');
      } else if (data.trialCreated) {
        navigate('/awaiting-approval', { state: { trial: true } });
      } else {
        setFailure(describeRegistrationFailure(data, request.email));
      }
    },
    onError: (error: Error, request: RegistrationRequest) => showFailure(error, request),
  };

  const allSet = Boolean(email.trim() && name.trim() && role && membership && agreed);
  const ready =
    allSet &&
    parsedEmail.success &&
    !emailTaken &&
    availability !== 'checking' &&
    (membership === 'trial' || prices.data !== undefined) &&
    !busy;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!ready || !parsedEmail.success || !role || !membership) return;
    setFailure(null);
    const request: RegistrationRequest = {
      email: parsedEmail.data.email,
      name: name.trim(),
      role,
      membership,
    };
    if (isPaidPlan(membership)) pay(request);
    else register.mutate(request, callbacks);
  };

  const emailProblem = emailTaken
    ? EMAIL_TAKEN
    : describeEmailProblem(email, {
        settled: settledEmail === email,
        touched: emailTouched || attempted,
        domains: CREW_DOMAINS,
      });

  return (
    <main className="space-y-6">
      <header className="text-center">
        <h1 className="text-2xl font-bold">Create Account</h1>
        <p className="mt-1 text-slate-600">Join with your work e-mail.</p>
      </header>

      <Card>
        <form noValidate onSubmit={submit} className="space-y-5">
          <div className="space-y-1.5">
            <Label htmlFor="register-email">Work email</Label>
            <Input
              id="register-email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="name@ba.com"
              required
              value={email}
              aria-invalid={emailProblem ? true : undefined}
              aria-describedby="register-email-status"
              onChange={(e) => setEmail(e.target.value)}
              onBlur={() => setEmailTouched(true)}
            />
            <p id="register-email-status" aria-live="polite" className="min-h-5 text-sm">
              {emailProblem ? (
                <span className="text-red-700">
                  {emailProblem}
                  {availability === 'renewable' ? (
                    <>
                      {' '}
                      <Link
                        to={`/renew?email=${encodeURIComponent(email.trim().toLowerCase())}`}
                        className="text-brand-600 underline"
                      >
                        Renew your membership
                      </Link>
                    </>
                  ) : null}
                </span>
              ) : availability === 'failed' ? (
                <span className="text-red-700">{VERIFY_EMAIL_FAILED}</span>
              ) : availability === 'checking' ? (
                <span className="text-slate-500">Checking availability...</span>
              ) : availability === 'available' ? (
                <span className="text-green-700">This email is available.</span>
              ) : null}
            </p>
          </div>

          <div className="space-y-1.5">
            <Label htmlFor="register-name">Full name</Label>
            <Input
              id="register-name"
              autoComplete="name"
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>

          <div className="space-y-1.5">
            <Label htmlFor="register-role">Role</Label>
            <Select
              id="register-role"
              required
              value={role}
              onChange={(e) => setRole(e.target.value as CrewRole | '')}
              placeholder="Select your role"
              options={CREW_ROLES}
            />
          </div>

          <RegistrationPlanPicker
            value={membership}
            onChange={setMembership}
            prices={prices.data}
          />

          <TermsGate agreed={agreed} onAgreedChange={setAgreed} />

          {agreed && membership ? (
            <RegistrationSummary plan={membership} prices={prices.data} />
          ) : null}

          <div role="alert" className="text-sm text-red-700">
            {failure ? (
              <p>
                {failure.message}{' '}
                {failure.exists ? (
                  <Link
                    to={`/login?email=${encodeURIComponent(failure.email)}`}
                    className="text-brand-600 underline"
                  >
                    Go to sign in
                  </Link>
                ) : null}
                {failure.canRenew ? (
                  <>
                    {' or '}
                    <Link
                      to={`/renew?email=${encodeURIComponent(failure.email)}`}
                      className="text-brand-600 underline"
                    >
                      renew your membership
                    </Link>
                  </>
                ) : null}
              </p>
            ) : null}
          </div>

          {/* Always there, so a press can be answered; aria-disabled rather than disabled
              keeps it pressable (and Enter in a field submits) until the form is ready. */}
          <Button
            type="submit"
            size="lg"
            className={ready ? 'w-full' : 'w-full opacity-60'}
            disabled={busy}
            aria-disabled={!ready && !busy ? true : undefined}
          >
            {submitLabel(membership, busy, prices.data)}
          </Button>
          {ready || busy ? null : (
            <p role={attempted ? 'alert' : undefined} className="text-sm text-slate-500">
              {!allSet
                ? attempted
                  ? FILL_REQUIRED
                  : null
                : membership !== 'trial' && prices.isError
                  ? 'Prices could not be loaded. Please reload the page.'
                  : membership !== 'trial' && !prices.data
                    ? 'Loading prices...'
                    : 'Check your email address above to continue.'}
            </p>
          )}

          <p className="text-sm text-slate-600">
            An admin reviews every new account
            {membership && membership !== 'trial' ? ' after payment' : ''}. Your 4-digit PIN is sent
            to your work e-mail once you are approved.
          </p>
        </form>
      </Card>

      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to="/login" className="text-brand-600 underline">
          Sign in here
        </Link>
      </p>
    </main>
  );
}

function submitLabel(
  plan: RegistrationMembership | '',
  busy: boolean,
  prices: PriceTable | undefined,
) {
  if (!plan) return 'Create Account';
  if (plan === 'trial') return busy ? 'Starting Trial...' : 'Start Free Trial';
  if (busy) return 'Processing...';
  // `ready` waits for the price table, so a pressable paid button always has its figure.
  return prices ? payButtonText(prices, plan) : 'Continue to payment';
}
