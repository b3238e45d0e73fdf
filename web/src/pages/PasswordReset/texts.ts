/** Texts under the `passwordReset` namespace (both reset screens); en mirrors zh's keys. */
const zh = {
  title: '密码重置',
  email: '邮箱地址',
  emailPlaceholder: '请输入注册时使用的邮箱地址',
  emailRequired: '请输入邮箱地址',
  submit: '发送重置邮件',
  retryIn: '重试 ({{seconds}})',
  waitForCheck: '请稍后几秒重试',
  sent: '重置邮件发送成功，请检查邮箱！',
  backToLogin: '返回登录',
  confirmTitle: '确认重置密码',
  confirmHint: '点击下方按钮后，系统将为该邮箱的账户生成一个新密码。',
  confirm: '确认重置密码',
  badLink: '重置链接不完整或已失效，请重新申请密码重置。',
  requestAgain: '重新申请',
  done: '密码已重置',
  newPassword: '新密码',
  newPasswordHint: '请复制并妥善保存新密码，登录后可在个人设置中修改。',
  copy: '复制',
  copied: '新密码已复制到剪贴板',
  goLogin: '前往登录',
};

const en: typeof zh = {
  title: 'Reset password',
  email: 'Email address',
  emailPlaceholder: 'The email address you registered with',
  emailRequired: 'Please enter your email address',
  submit: 'Send reset email',
  retryIn: 'Retry ({{seconds}})',
  waitForCheck: 'Please try again in a few seconds',
  sent: 'Reset email sent, please check your mailbox!',
  backToLogin: 'Back to sign-in',
  confirmTitle: 'Confirm password reset',
  confirmHint: 'The button below generates a new password for the account of this email address.',
  confirm: 'Confirm password reset',
  badLink: 'The reset link is incomplete or no longer valid; please request a new one.',
  requestAgain: 'Request again',
  done: 'Password reset',
  newPassword: 'New password',
  newPasswordHint:
    'Copy the new password and keep it safe; you can change it in personal settings after signing in.',
  copy: 'Copy',
  copied: 'The new password was copied to the clipboard',
  goLogin: 'Go to sign-in',
};

export const passwordResetTexts = { zh, en };
