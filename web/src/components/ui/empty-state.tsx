import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Card } from './card';

type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  icon?: LucideIcon;
  /** A next step: a link or button. */
  action?: ReactNode;
  /** The title's element: a heading when the empty list is the screen's main content. */
  titleAs?: 'p' | 'h2' | 'h3';
  /** A card of its own (a screen's list); false for a line inside a section or a dialog. */
  framed?: boolean;
  className?: string;
};

/** What a list says when it has nothing in it, and what to do about it. */
export function EmptyState({
  title,
  description,
  icon: Icon,
  action,
  titleAs: Title = 'p',
  framed = true,
  className,
}: EmptyStateProps) {
  if (!framed) {
    return (
      <div className={cn('text-sm text-slate-600', className)}>
        <Title>{title}</Title>
        {description ? <p>{description}</p> : null}
        {action ? <div className="pt-2">{action}</div> : null}
      </div>
    );
  }
  return (
    <Card className={cn('space-y-2 py-8 text-center', className)}>
      {Icon ? <Icon aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" /> : null}
      <Title className="font-medium">{title}</Title>
      {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      {action ? <div className="pt-2">{action}</div> : null}
    </Card>
  );
}
