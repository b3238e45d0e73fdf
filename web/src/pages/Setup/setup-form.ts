import { setupRequest, type SetupRequest } from '@gateway/contract';
import i18n from 'i18next';
import { zodFieldErrors, type FieldErrors } from '../../forms/zod-field-errors';

export type UsageMode = 'external' | 'self' | 'demo';

export interface SetupFormValues {
  username: string;
  password: string;
  confirmPassword: string;
  usageMode: UsageMode;
}

/** The request of POST /api/setup: the usage mode becomes the two option flags. */
export function toSetupRequest(values: SetupFormValues): SetupRequest {
  return {
    username: values.username?.trim() ?? '',
    password: values.password ?? '',
    confirmPassword: values.confirmPassword ?? '',
    SelfUseModeEnabled: values.usageMode === 'self',
    DemoSiteEnabled: values.usageMode === 'demo',
  };
}

/**
 * Document 3, section 5. The admin fields are checked only while no admin exists; the username and
 * length rules (请输入管理员用户名, 密码长度至少为8个字符) come from the shared schema.
 */
export function validateSetupForm(values: SetupFormValues, rootExists: boolean): FieldErrors {
  if (rootExists) return {};
  const errors = zodFieldErrors(
    setupRequest.pick({ username: true, password: true }),
    toSetupRequest(values),
  );
  if (!errors.password && values.password !== values.confirmPassword) {
    errors.confirmPassword = i18n.t('setup.passwordMismatch');
  }
  return errors;
}
