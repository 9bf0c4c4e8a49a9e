import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** A multi-line field styled like Input. Label it with <Label htmlFor>. */
export const Textarea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement>
>(function Textarea({ className, ...props }, ref) {
  return (
    <textarea
      ref={ref}
      className={cn(
        'w-full rounded-xl border border-slate-300 bg-white p-3 text-base placeholder:text-slate-400 focus:border-brand-500',
        className,
      )}
      {...props}
    />
  );
});
