import { changedAddressFields, type ChannelAddress } from '@gateway/contract';
import { channelPayload, type ChannelFormValues } from './channel-form';

/** The fields that decide where the key goes, as the form would send them. */
function addressOf(values: ChannelFormValues): ChannelAddress {
  const body = channelPayload(values, false);
  // channelPayload fills these with text and a number (the request type is the schema's input).
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    type: Number(body.type),
    base_url: text(body.base_url),
    other: text(body.other),
    headers: text(body.headers),
    setting: text(body.setting),
  };
}

/**
 * Whether this edit changes where the stored key goes without a new key: the server refuses
 * that to everyone but root (KEY_GUARD_MESSAGES.keyRequired), so the form says so first.
 */
export function keyNeeded(initial: ChannelFormValues, values: ChannelFormValues, root: boolean): boolean {
  if (root || values.key.trim()) return false;
  return changedAddressFields(addressOf(initial), addressOf(values)).length > 0;
}
