import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * A tooltip that also works on disabled buttons (they get no pointer events, so the trigger is
 * a focusable wrapper). The text is also the wrapper's accessible description.
 */
export function Hint({ text, children }: { text: string | null; children: ReactNode }) {
  if (!text) return <>{children}</>;
  return (
    <Tooltip.Provider delayDuration={200}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip must be reachable by keyboard */}
          <span tabIndex={0} title={text} className="inline-flex">
            {children}
          </span>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={6}
            className="z-50 max-w-xs rounded-lg bg-slate-900 px-3 py-2 text-xs text-white shadow"
          >
            {text}
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
