import { useEffect, useState } from 'react';

/** Seconds left before another code may be requested (document 1: a 30-second wait). */
export function useResendCountdown(seconds = 30) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return { left, start: () => setLeft(seconds) };
}
