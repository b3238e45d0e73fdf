import { optionDef, validateOptionValue } from '@gateway/contract';
import type { TFunction } from 'i18next';
import { toOptionString, type OptionFormValue } from '../option-save';

/**
 * Semi's Form reads a dot in a field name as a nested path, and several option keys have one
 * (gemini.safety_settings), so form fields use the key with dots swapped for "__".
 */
export const fieldOf = (key: string) => key.replaceAll('.', '__');

/** The form's values keyed by option key again. */
export function valuesByKey(
  keys: readonly string[],
  formValues: Record<string, unknown>,
): Record<string, OptionFormValue> {
  return Object.fromEntries(keys.map((key) => [key, formValues[fieldOf(key)] as OptionFormValue]));
}

/** Initial form values (keyed by field name) from the section's values keyed by option key. */
export function valuesByField(values: Record<string, OptionFormValue>): Record<string, OptionFormValue> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [fieldOf(key), value]));
}

/**
 * The contract's rule for one option, worded for the reader: number bounds and JSON syntax in the
 * console's language, other refusals as the contract words them. Undefined when the value is fine.
 */
export function optionFieldError(key: string, value: unknown, t: TFunction): string | undefined {
  const def = optionDef(key);
  if (!def) return undefined;
  const text = toOptionString(value as OptionFormValue);
  const result = validateOptionValue(def, text);
  if (result.ok) return undefined;
  if (def.kind === 'int' || def.kind === 'float') {
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n)) return t('settingOperation.field.number');
    if (def.kind === 'int' && !Number.isInteger(n)) return t('settingOperation.field.integer');
    if (def.min !== undefined && n < def.min) {
      return t('settingOperation.field.atLeast', { min: String(def.min) });
    }
    if (def.max !== undefined && n > def.max) {
      return t('settingOperation.field.atMost', { max: String(def.max) });
    }
  }
  if (def.kind === 'json') {
    try {
      JSON.parse(text);
    } catch {
      return t('setting.invalidJson');
    }
  }
  return result.message;
}
