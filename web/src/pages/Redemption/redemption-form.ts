import {
  charLength,
  DEFAULT_REDEMPTION_QUOTA,
  REDEMPTION_BATCH_MAX,
  REDEMPTION_NAME_MAX,
  type CreateRedemptionRequest,
} from '@gateway/contract';

/** The create/edit drawer's rules (document 2, sections 5 and 9), kept apart from the markup. */

export interface RedemptionFormValues {
  name?: string;
  /** Semi's number inputs give '' while empty. */
  quota?: number | string;
  count?: number | string;
}

export type RedemptionFormMode = 'create' | 'edit';

export const REDEMPTION_FORM_DEFAULTS = { name: '', quota: DEFAULT_REDEMPTION_QUOTA, count: 1 };

/** One click fills the quota: 0.2, 1, 10, 50 and 100 dollars at the default 500 000 per dollar. */
export const REDEMPTION_QUOTA_PRESETS = [100_000, 500_000, 5_000_000, 25_000_000, 50_000_000] as const;

type Translate = (key: string, values?: Record<string, unknown>) => string;

const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/**
 * Field errors, worded like the server's. On creation an empty name is allowed (it defaults to the
 * formatted quota); an edited code keeps a real name.
 */
export function validateRedemptionForm(
  values: RedemptionFormValues,
  mode: RedemptionFormMode,
  t: Translate,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = (values.name ?? '').trim();
  const nameLength = charLength(name);
  if ((mode === 'edit' || nameLength > 0) && (nameLength < 1 || nameLength > REDEMPTION_NAME_MAX)) {
    errors.name = t('redemption.form.nameLength', { max: REDEMPTION_NAME_MAX });
  }
  if (!isInteger(values.quota) || values.quota <= 0) errors.quota = t('redemption.form.quotaInvalid');
  if (mode === 'create') {
    if (!isInteger(values.count)) errors.count = t('redemption.form.countInteger');
    else if (values.count < 1) errors.count = t('redemption.form.countMin');
    else if (values.count > REDEMPTION_BATCH_MAX) {
      errors.count = t('redemption.form.countMax', { max: REDEMPTION_BATCH_MAX });
    }
  }
  return errors;
}

/** The name a code gets: the one typed, else the quota as the site displays it (e.g. "$0.20"). */
export function redemptionName(values: RedemptionFormValues, formatQuota: (quota: number) => string): string {
  const typed = (values.name ?? '').trim();
  if (typed) return typed;
  return typeof values.quota === 'number' ? formatQuota(values.quota) : '';
}

/** The POST body of a validated form. */
export function toCreateRequest(
  values: RedemptionFormValues,
  formatQuota: (quota: number) => string,
): CreateRedemptionRequest {
  return {
    name: redemptionName(values, formatQuota),
    quota: Number(values.quota),
    count: Number(values.count),
  };
}
