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

const MINUTE_MS = 60_000;
const floorMinute = (ms: number) => new Date(ms - (ms % MINUTE_MS));

/**
 * The current minute (its first instant), re-rendered as each wall-clock minute begins: for what
 * changes by the minute (flight cards' countdowns and groups), so a list does not re-render with
 * every tick of a seconds clock beside it.
 */
export function useMinute(): Date {
  const [minute, setMinute] = useState(() => floorMinute(Date.now()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          setMinute(floorMinute(Date.now()));
          schedule();
        },
        MINUTE_MS - (Date.now() % MINUTE_MS),
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return minute;
}
