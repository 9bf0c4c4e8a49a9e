import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const TONES = {
  brand: 'bg-brand-50 text-brand-700',
  neutral: 'bg-slate-100 text-slate-700',
  success: 'bg-emerald-50 text-emerald-700',
  verified: 'bg-green-100 text-green-800',
  warning: 'bg-amber-100 text-amber-800',
  trial: 'bg-orange-50 text-orange-700',
  admin: 'bg-purple-50 text-purple-800',
  danger: 'bg-red-50 text-red-700',
  /** Solid pills that must stand out: Support, a wave request, unread counts. */
  support: 'bg-brand-600 text-white',
  notice: 'bg-blue-600 text-white',
  alert: 'bg-red-600 text-white',
};

export type BadgeTone = keyof typeof TONES;

type BadgeProps = HTMLAttributes<HTMLElement> & {
  tone?: BadgeTone;
  /** A list item when the badges form a list (their count is then announced). */
  as?: 'span' | 'li' | 'p';
};

/** A small pill: role, plan, wave state, 'Verified'. Its text is what a screen reader reads. */
export function Badge({ tone = 'neutral', as: Tag = 'span', className, ...props }: BadgeProps) {
  return (
    <Tag
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
