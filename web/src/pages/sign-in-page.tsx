import { ArrowLeft, CircleHelp } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginRequestSchema, needsProfileSetup, safeNextPath, type User } from '../../../domain';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Input, Label } from '../components/ui/input';
import { toast } from '../components/ui/toast';
import {
  DisclaimerDialog,
  describeLoginFailure,
  disclaimerAccepted,
  emptyPin,
  PinInput,
  pinValue,
  SignInHelpDialog,
  useAcceptDisclaimer,
  useForgotPasscode,
  useLogin,
} from '../features/auth';
import { readRememberedEmail, rememberEmail } from '../features/landing';

const NAVIGATE_AFTER_MS = 1000;
/** Every sign-in failure toast shares this id, so a later success can clear it. */
const SIGN_IN_TOAST = 'sign-in';

type FieldError = { field: 'email' | 'passcode'; message: string };
type Stage = 'form' | 'disclaimer' | 'leaving';

/** /passcode and /login: work e-mail plus the 4-digit PIN. */
export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const errorId = useId();
  const [email, setEmail] = useState(() => params.get('email') ?? readRememberedEmail());
  const [pin, setPin] = useState(emptyPin);
  const [error, setError] = useState<FieldError | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [stage, setStage] = useState<Stage>('form');
  const forgot = useForgotPasscode({
    onInvalid: (message) => setError({ field: 'email', message }),
    // The hint asked for an e-mail; now that the mail is on its way it no longer applies.
    onSent: () => setError((current) => (current?.field === 'email' ? null : current)),
  });

  const login = useLogin();
  const accept = useAcceptDisclaimer();
  const [destination, setDestination] = useState('/home');

  useEffect(() => {
    if (stage !== 'leaving') return;
    // Replace: Back from the member's screens must not show this form again.
    const timer = setTimeout(() => navigate(destination, { replace: true }), NAVIGATE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [stage, navigate, destination]);

  /** Where sign-in leads: the link that brought them (if it is ours), through setup once. */
  const leadOn = (user: User) => {
    const next = safeNextPath(params.get('next'));
    if (!needsProfileSetup(user)) return setDestination(next ?? '/home');
    setDestination(next ? `/profile-setup?next=${encodeURIComponent(next)}` : '/profile-setup');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginRequestSchema.safeParse({ email, passcode: pinValue(pin) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError({ field: issue.path[0] === 'email' ? 'email' : 'passcode', message: issue.message });
      return;
    }
    setError(null);
    login.mutate(parsed.data, {
      onSuccess: (data, request) => {
        // An 'Incorrect PIN' from an earlier try must not sit over the successful sign-in.
        toast.dismiss(SIGN_IN_TOAST);
        rememberEmail(request.email);
        leadOn(data.user);
        setStage(disclaimerAccepted(data.user) ? 'leaving' : 'disclaimer');
      },
      onError: (failure, request) => {
        const reaction = describeLoginFailure(failure, request.email);
        if (reaction.kind === 'redirect') return navigate(reaction.to);
        toast.error(reaction.title, reaction.message, undefined, SIGN_IN_TOAST);
        setError({ field: 'passcode', message: reaction.message });
        setPin(emptyPin());
      },
    });
  };

  const busy = login.isPending || stage !== 'form';

  return (
    <main className="space-y-6">
      <div className="flex items-center justify-between">
        <Button variant="ghost" size="sm" onClick={() => navigate('/')}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back
        </Button>
        <Button variant="ghost" size="icon" aria-label="Help" onClick={() => setHelpOpen(true)}>
          <CircleHelp aria-hidden="true" className="h-5 w-5" />
        </Button>
      </div>

      <header className="text-center">
        <h1 className="text-2xl font-bold">Sign In</h1>
        <p className="mt-1 text-slate-600">Enter your work e-mail and 4-digit passcode.</p>
      </header>

      <Card>
        <form noValidate onSubmit={submit} className="space-y-5">
          <div className="space-y-1.5">
            <Label htmlFor="signin-email">Work email</Label>
            <Input
              id="signin-email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="name@ba.com"
              value={email}
              aria-invalid={error?.field === 'email' || undefined}
              aria-describedby={error?.field === 'email' ? errorId : undefined}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>

          <PinInput
            label="Passcode"
            value={pin}
            onChange={setPin}
            invalid={error?.field === 'passcode'}
            errorId={error?.field === 'passcode' ? errorId : undefined}
            autoFocus={Boolean(email)}
            disabled={busy}
          />

          <p id={errorId} role="alert" className="min-h-5 text-sm text-red-700">
            {error?.message}
          </p>

          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {login.isPending ? 'Signing In...' : 'Sign In'}
          </Button>

          <div className="flex items-center justify-between text-sm">
            <button
              type="button"
              className="text-brand-600 underline disabled:opacity-60"
              disabled={forgot.isPending}
              onClick={() => forgot.request(email)}
            >
              Forgot passcode
            </button>
            <Link to="/register" className="text-brand-600 underline">
              Create account
            </Link>
          </div>
        </form>
      </Card>

      {stage === 'leaving' ? (
        <p role="status" className="text-center text-slate-600">
          Signed in. Taking you to your flights...
        </p>
      ) : null}

      <SignInHelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
      <DisclaimerDialog
        open={stage === 'disclaimer'}
        onAccept={() =>
          accept.mutate(undefined, {
            onSuccess: () => setStage('leaving'),
            onError: (failure) => toast.error('Something went wrong', failure.message),
          })
        }
      />
    </main>
  );
}
