import { CheckCircle2, Clock, Loader2, type LucideIcon, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';

type Tone = 'success' | 'failure' | 'waiting';

/** Each outcome has one look, so a screen names the outcome rather than picking colours. */
const TONES: Record<Tone, { icon: LucideIcon; circle: string }> = {
  success: { icon: CheckCircle2, circle: 'bg-green-100 text-green-700' },
  failure: { icon: XCircle, circle: 'bg-red-100 text-red-700' },
  waiting: { icon: Clock, circle: 'bg-amber-100 text-amber-700' },
};

const linkButton =
  'inline-flex h-12 items-center justify-center rounded-xl px-5 font-medium focus-visible:outline-2';

/** Classes for the links an outcome screen offers (a router Link styled as a large button). */
export const OUTCOME_LINK = {
  primary: `${linkButton} bg-brand-600 text-white hover:bg-brand-700`,
  outline: `${linkButton} border border-slate-300 bg-white hover:bg-slate-50`,
};

type OutcomeScreenProps = {
  tone: Tone;
  title: ReactNode;
  /**
   * One line under the title, announced together with it: a failure as an alert, a wait as a
   * status. Without it the title stands alone and `children` carry (and announce) the detail.
   */
  message?: ReactNode;
  /** What comes after the title: detail cards, a paragraph. */
  children?: ReactNode;
  /** The next steps, stacked full width: links (with OUTCOME_LINK) or buttons. */
  actions?: ReactNode;
};

/** A whole screen saying how something ended (paid, failed, still waiting) and where to go next. */
export function OutcomeScreen({ tone, title, message, children, actions }: OutcomeScreenProps) {
  const { icon: Icon, circle } = TONES[tone];
  const heading = <h1 className="text-2xl font-bold">{title}</h1>;
  return (
    <main className="space-y-6 pt-4 text-center">
      <div className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full ${circle}`}>
        <Icon aria-hidden="true" className="h-8 w-8" />
      </div>
      {message === undefined ? (
        heading
      ) : (
        <div role={tone === 'failure' ? 'alert' : 'status'} className="space-y-2">
          {heading}
          <p className="text-slate-700">{message}</p>
        </div>
      )}
      {children}
      {actions ? <div className="grid gap-3">{actions}</div> : null}
    </main>
  );
}

/** The screen while the outcome is still being asked for: a spinner and what is happening. */
export function OutcomePending({ label }: { label: string }) {
  return (
    <main className="pt-10 text-center">
      <div role="status" className="flex flex-col items-center gap-3">
        <Loader2 aria-hidden="true" className="h-10 w-10 animate-spin text-brand-600" />
        <p className="font-medium">{label}</p>
      </div>
    </main>
  );
}
