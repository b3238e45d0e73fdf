import { useCallback, useMemo } from 'react';
import { useOptionSection } from '../../useOptionSection';
import type { SaveOutcome } from '../../option-save';
import { parsePriceMaps, PRICING_OPTION_KEYS, pricingSaveValues, type PriceMaps } from './price-maps';

export interface PricingOptions {
  loading: boolean;
  saving: boolean;
  /** The stored strings of the four pricing options; undefined while loading. */
  stored: Record<string, string> | undefined;
  /** The stored price tables, or undefined when one of them is not a JSON map of numbers. */
  maps: PriceMaps | undefined;
  /** Saves the four option strings through the settings save (only changed keys are sent). */
  saveTexts(values: Record<string, string>): Promise<SaveOutcome>;
  /** Saves edited price tables; a table that means the same as before is not sent. */
  saveMaps(maps: PriceMaps): Promise<SaveOutcome>;
}

/** The pricing options and their one save path, shared by the JSON, visual and unset-model editors. */
export function usePricingOptions(): PricingOptions {
  const section = useOptionSection(PRICING_OPTION_KEYS);
  const { initialValues, save } = section;

  const stored = useMemo(() => {
    if (!initialValues) return undefined;
    return Object.fromEntries(
      PRICING_OPTION_KEYS.map((key) => [
        key,
        typeof initialValues[key] === 'string' ? initialValues[key] : '',
      ]),
    );
  }, [initialValues]);
  const maps = useMemo(() => (stored ? parsePriceMaps(stored) : undefined), [stored]);

  const saveMaps = useCallback(
    (next: PriceMaps) => save(pricingSaveValues(stored ?? {}, next)),
    [save, stored],
  );

  return { loading: section.loading, saving: section.saving, stored, maps, saveTexts: save, saveMaps };
}
