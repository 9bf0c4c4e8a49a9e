import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type TabItem = { value: string; label: ReactNode; content: ReactNode };

type TabsProps = {
  items: readonly TabItem[];
  /** The tab list's name for screen readers ('Flights', 'Statistics'). */
  label: string;
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
};

/**
 * Tabs (Radix): role tablist/tab/tabpanel, arrow keys move between tabs, Home/End jump, only the
 * selected tab is in the Tab order.
 */
export function Tabs({ items, label, value, defaultValue, onValueChange, className }: TabsProps) {
  return (
    <RadixTabs.Root
      value={value}
      defaultValue={defaultValue ?? items[0]?.value}
      onValueChange={onValueChange}
      className={cn('space-y-3', className)}
    >
      <RadixTabs.List aria-label={label} className="flex gap-1 rounded-xl bg-slate-100 p-1">
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className="min-h-9 flex-1 rounded-lg px-3 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value}>
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
