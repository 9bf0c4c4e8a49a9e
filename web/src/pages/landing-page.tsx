import { Plane } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from '../../../domain';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Checkbox } from '../components/ui/checkbox';
import { Input, Label } from '../components/ui/input';
import { Skeleton } from '../components/ui/skeleton';
import { toast } from '../components/ui/toast';
import { readRememberedEmail } from '../features/landing';

const PrivacyPolicyDialog = lazy(async () => ({
  default: (await import('./privacy-policy-dialog')).PrivacyPolicyDialog,
}));

const SPLASH_MS = 500;
const LANDING_REGISTER_TOAST = 'landing-register';

export function LandingPage() {
  const [params] = useSearchParams();
  const [splash, setSplash] = useState(true);
  const [email, setEmail] = useState(() => params.get('email') ?? readRememberedEmail());
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const [consent, setConsent] = useState(false);
  // Once opened, the dialog stays mounted so closing it animates and returns focus as before.
  const privacyOpened = useRef(false);
  if (privacyOpen) privacyOpened.current = true;
  const navigate = useNavigate();

  useEffect(() => {
    const timer = setTimeout(() => setSplash(false), SPLASH_MS);
    return () => clearTimeout(timer);
  }, []);

  if (splash) {
    return (
      <div role="status" aria-label="Loading" className="space-y-4 pt-16">
        <Skeleton className="mx-auto h-16 w-16 rounded-full" />
        <Skeleton className="mx-auto h-6 w-48" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }

  const emailQuery = email.trim() ? `?email=${encodeURIComponent(email.trim())}` : '';
  // A protected link opened signed out arrives here as ?next=; sign-in takes it along.
  const next = safeNextPath(params.get('next'));
  const signInQuery = next
    ? `${emailQuery ? `${emailQuery}&` : '?'}next=${encodeURIComponent(next)}`
    : emailQuery;

  return (
    <main className="space-y-6 pt-6">
      <header className="text-center">
        <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-600 text-white">
          <Plane aria-hidden="true" className="h-8 w-8" />
        </div>
        <h1 className="mt-3 text-3xl font-bold tracking-tight">Jumpseat</h1>
        <p className="mt-1 text-lg text-brand-700">Connect with other crew</p>
      </header>

      <Card>
        <ul className="space-y-2 text-slate-700">
          <li>Find the crew on your flights.</li>
          <li>Send a wave to say hello — you stay anonymous until you both agree.</li>
          <li>Chat privately before you fly.</li>
          <li>Build your network across the fleet.</li>
        </ul>
      </Card>

      <Card className="space-y-4">
        <div className="space-y-1.5">
          <Label htmlFor="landing-email">Work email</Label>
          <Input
            id="landing-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="name@ba.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <Checkbox
          id="landing-consent"
          className="gap-2"
          labelClassName="text-sm text-slate-700"
          checked={consent}
          onCheckedChange={setConsent}
          label={
            <>
              I accept the{' '}
              <button
                type="button"
                className="text-brand-600 underline"
                onClick={() => setPrivacyOpen(true)}
              >
                Data Privacy Policy
              </button>
            </>
          }
        />
        <div className="grid gap-3">
          <Link
            to={`/passcode${signInQuery}`}
            className="inline-flex h-12 items-center justify-center rounded-xl bg-brand-600 px-5 font-medium text-white hover:bg-brand-700"
          >
            Sign In with Passcode
          </Link>
          <Button
            variant="outline"
            size="lg"
            onClick={() => {
              // Registration from the landing is gated by its consent box (accounts spec §5);
              // the name and rank are then asked on /register, never sent as placeholders.
              if (!consent) {
                toast.error(
                  'Privacy Policy Required',
                  'Please accept the Data Privacy Policy to continue',
                  undefined,
                  LANDING_REGISTER_TOAST,
                );
              } else if (!email.trim()) {
                toast.error(
                  'Email Required',
                  'Please enter your email address',
                  undefined,
                  LANDING_REGISTER_TOAST,
                );
              } else {
                toast.dismiss(LANDING_REGISTER_TOAST);
                navigate(`/register${emailQuery}`);
              }
            }}
          >
            Create New Account
          </Button>
        </div>
      </Card>

      <nav aria-label="Learn more" className="flex justify-center gap-6 text-sm">
        {/* A new tab keeps what the visitor typed on this page while they read. */}
        <a href="/guide" target="_blank" rel="noopener" className="text-brand-700 underline">
          Quick-start guide
        </a>
        <Link to="/demo" className="text-brand-700 underline">
          Take the tour
        </Link>
      </nav>

      {/* Radix's dialog is not part of the landing's first load: it comes with the first open. */}
      {privacyOpened.current ? (
        <Suspense fallback={null}>
          <PrivacyPolicyDialog
            open={privacyOpen}
            onOpenChange={setPrivacyOpen}
            onAccept={() => {
              setConsent(true);
              setPrivacyOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </main>
  );
}
