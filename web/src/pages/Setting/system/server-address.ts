import { useOptionsQuery } from '../../../api/option-queries';
import { useSiteStatus } from '../../../api/site-queries';

/** The saved server address, else what the status reports (the server's own default). */
export function useServerAddress(): string {
  const options = useOptionsQuery();
  const status = useSiteStatus();
  return (options.data?.ServerAddress || status.server_address || window.location.origin).replace(/\/+$/, '');
}
