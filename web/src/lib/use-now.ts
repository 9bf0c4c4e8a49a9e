import { useEffect, useState } from 'react';

/**
 * The current instant, re-rendered every `intervalMs`: the spec's clocks, countdowns and chat
 * times tick each second; profile banners and rings count whole days, so a minute does.
 */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
