import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from '../components/ui/toast';
import { OfflineBanner } from '../features/install';
import { MessagesBackground } from '../features/messages';
import { RealtimeConnection } from '../features/realtime';
import { createQueryClient } from '../lib/query-client';

/** The query cache, the tab's real-time channel (while signed in), the offline notice and the toasts. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeConnection />
      <MessagesBackground />
      <OfflineBanner />
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
