import { useState } from 'react';

/**
 * Local edits of stored data: starts from `derive(source)` and starts over whenever `source` is a
 * new value (after a save the options are read again). Adjusting state during render, as React
 * recommends, avoids a frame that shows the old draft against the new data.
 */
export function useDraft<S, T>(
  source: S,
  derive: (source: S) => T,
): [T, (update: T | ((prev: T) => T)) => void] {
  const [seen, setSeen] = useState(source);
  const [draft, setDraft] = useState(() => derive(source));
  if (seen !== source) {
    setSeen(source);
    setDraft(derive(source));
  }
  return [draft, setDraft];
}
