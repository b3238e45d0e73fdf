import i18n from 'i18next';

/**
 * The server and the shared zod schemas speak Chinese. In English the console shows these known
 * messages translated; unknown ones are shown as they come rather than hidden.
 */
const ENGLISH: Record<string, string> = {
  '用户名或密码错误，或用户已被封禁': 'Wrong username or password, or the user is banned',
  '请输入用户名和密码！': 'Please enter username and password!',
  用户名不能为空: 'Username cannot be empty',
  用户名长度不能超过12个字符: 'The username must not exceed 12 characters',
  '密码长度不得小于 8 位': 'Password length must not be less than 8',
  密码长度不能超过20个字符: 'The password must not exceed 20 characters',
  两次输入的密码不一致: 'The two passwords differ',
  请输入管理员用户名: 'Please enter the administrator username',
  密码长度至少为8个字符: 'The password must be at least 8 characters',
  '用户名已存在，或已注销': 'The username already exists or was deregistered',
  管理员关闭了新用户注册: 'The administrator has closed new-user registration',
  管理员关闭了密码登录: 'The administrator has disabled password sign-in',
  '管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册':
    'The administrator has disabled password registration; please register with a third-party account',
  '管理员开启了邮箱验证，请输入邮箱地址和验证码':
    'Email verification is on; please enter your email address and the verification code',
  验证码错误或已过期: 'The verification code is wrong or has expired',
  '系统尚未初始化，请先完成初始化设置': 'The system is not initialized yet; please complete the setup first',
  系统已经初始化完成: 'The system is already initialized',
  系统初始化成功: 'System initialized',
  原密码错误: 'The original password is wrong',
  用户不存在: 'The user does not exist',
  用户已被封禁: 'The user is banned',
  '无权进行此操作，权限不足': 'Not allowed: insufficient permission',
  '无权进行此操作，未登录且未提供 access token': 'Not allowed: not signed in and no access token given',
  '请求过于频繁，请稍后再试': 'Too many requests, please try again later',
  '服务器内部错误，请联系管理员': 'Server internal error, please contact the administrator',
};

export function translateServerMessage(message: string): string {
  if (!i18n.language?.startsWith('en')) return message;
  return ENGLISH[message] ?? message;
}
