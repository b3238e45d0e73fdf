import { registerRequest } from '@gateway/contract';
import i18n from 'i18next';
import { zodFieldErrors, type FieldErrors } from '../../forms/zod-field-errors';

export interface RegisterFormValues {
  username: string;
  password: string;
  password2: string;
  email?: string;
  verification_code?: string;
}

/** Document 1, section 5: the shared schema's rules, then the two passwords must match. */
export function validateRegisterForm(values: RegisterFormValues): FieldErrors {
  const errors = zodFieldErrors(registerRequest.pick({ username: true, password: true }), {
    username: values.username ?? '',
    password: values.password ?? '',
  });
  if (!errors.password && values.password !== values.password2) {
    errors.password2 = i18n.t('register.passwordMismatch');
  }
  return errors;
}
