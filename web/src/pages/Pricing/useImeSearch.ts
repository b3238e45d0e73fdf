import { useCallback, useRef, useState } from 'react';

/**
 * A search box value that ignores the intermediate text of an input method (pinyin and the
 * like): the filter changes when a character is committed, not with every keystroke of it.
 */
export function useImeSearch() {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const composing = useRef(false);

  const onChange = useCallback((value: string) => {
    setInput(value);
    if (!composing.current) setQuery(value);
  }, []);
  const onCompositionStart = useCallback(() => {
    composing.current = true;
  }, []);
  const onCompositionEnd = useCallback((event: React.CompositionEvent<HTMLInputElement>) => {
    composing.current = false;
    setQuery(event.currentTarget.value);
  }, []);

  return { input, query, onChange, onCompositionStart, onCompositionEnd };
}
