import { useSyncExternalStore } from 'react';

const MOBILE_QUERY = '(max-width: 768px)';

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(MOBILE_QUERY);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => window.matchMedia(MOBILE_QUERY).matches,
  );
}
