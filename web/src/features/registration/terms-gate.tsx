import { type UIEvent, useEffect, useRef, useState } from 'react';
import { Checkbox } from '../../components/ui/checkbox';
import { PrivacyPolicy } from '../landing';

/** How close to the bottom counts as read; sub-pixel rounding rarely reaches 0. */
export const TERMS_SCROLL_TOLERANCE_PX = 5;

const atBottom = (el: HTMLElement) =>
  el.scrollHeight - el.scrollTop - el.clientHeight <= TERMS_SCROLL_TOLERANCE_PX;

type Props = { agreed: boolean; onAgreedChange: (agreed: boolean) => void };

/** The terms must be scrolled to the end before the agree checkbox appears. */
export function TermsGate({ agreed, onAgreedChange }: Props) {
  const box = useRef<HTMLElement>(null);
  const [read, setRead] = useState(false);

  // Terms that fit without scrolling (tall screens) count as read at once.
  useEffect(() => {
    if (box.current && atBottom(box.current)) setRead(true);
  }, []);

  const onScroll = (event: UIEvent<HTMLElement>) => {
    if (!read && atBottom(event.currentTarget)) setRead(true);
  };

  return (
    <div className="space-y-2">
      <h2 id="terms-title" className="text-sm font-medium text-slate-700">
        Terms and Data Privacy Policy
      </h2>
      <section
        ref={box}
        aria-labelledby="terms-title"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll it
        tabIndex={0}
        onScroll={onScroll}
        className="h-48 overflow-y-auto rounded-xl border border-slate-300 bg-slate-50 p-3"
      >
        <PrivacyPolicy />
      </section>
      <div aria-live="polite">
        {read ? (
          <Checkbox
            id="terms-agree"
            className="gap-2"
            labelClassName="text-sm text-slate-700"
            label="I have read and agree to the Terms and Data Privacy Policy"
            checked={agreed}
            onCheckedChange={onAgreedChange}
          />
        ) : (
          <p className="text-sm text-slate-500">Scroll to the end of the terms to continue.</p>
        )}
      </div>
    </div>
  );
}
