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
  'IP 白名单必须是文本，每行一个 IP 或网段': 'The IP allow list must be text: one IP or range per line',
  'SMTP 服务器未配置': 'The SMTP server is not configured',
  'auto_ban 只能是 0 或 1': 'auto_ban must be 0 or 1',
  'id 为空！': 'The id is empty!',
  不支持的内容类型: 'Unsupported content type',
  '不支持的支付方式，请选择支付宝（zfb）或微信（wx）':
    'Unsupported payment method; choose Alipay (zfb) or WeChat (wx)',
  '不是合法的 JSON 字符串': 'Not a valid JSON string',
  '令牌 id 无效': 'Invalid token id',
  令牌不存在: 'The token does not exist',
  '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度':
    'The token quota is used up and it cannot be enabled; raise its remaining quota or make it unlimited first',
  令牌名称不能为空: 'The token name cannot be empty',
  令牌名称过长: 'The token name is too long',
  '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期':
    'The token has expired and cannot be enabled; change its expiry or set it to never expire first',
  令牌数量必须是正整数: 'The token count must be a positive integer',
  令牌额度不能为负数: 'The token quota cannot be negative',
  令牌额度必须是整数: 'The token quota must be an integer',
  '优先级必须是整数！': 'The priority must be an integer!',
  余额不足: 'Insufficient balance',
  充值数量必须是整数: 'The top-up amount must be an integer',
  充值数量过大: 'The top-up amount is too large',
  充值金额过低: 'The amount to pay is too low',
  兑换码不存在: 'The redemption code does not exist',
  兑换码个数必须大于0: 'The number of codes must be greater than 0',
  兑换码个数必须是整数: 'The number of codes must be an integer',
  '兑换码已被使用，无法启用或禁用': 'The code has been used and cannot be enabled or disabled',
  '兑换码已被使用，无法编辑': 'The code has been used and cannot be edited',
  '兑换码状态只能设置为启用（1）或禁用（2）': 'A code can only be enabled (1) or disabled (2)',
  兑换码额度必须是正整数: 'The code quota must be a positive integer',
  其他参数过长: 'The other parameter is too long',
  分组列表过长: 'The group list is too long',
  分组名称必须是字符串: 'Group names must be text',
  分组名称过长: 'A group name is too long',
  '参数覆盖必须是合法的 JSON 格式！': 'The parameter override must be valid JSON!',
  '只能启用（1）或禁用（2）令牌': 'A token can only be enabled (1) or disabled (2)',
  尚未实现: 'Not implemented for this channel type',
  无效的兑换码: 'Invalid redemption code',
  无效的参数: 'Invalid parameters',
  '无效的参数：请求体不是合法的 JSON': 'Invalid parameters: the request body is not valid JSON',
  无效的渠道状态: 'Invalid channel status',
  '无效的用户 ID': 'Invalid user id',
  无权获取同级或更高等级用户的信息: 'You cannot view users of the same or a higher role',
  '无权进行此操作，New-Api-User 与登录用户不匹配':
    'Not allowed: New-Api-User does not match the signed-in user',
  '无权进行此操作，New-Api-User 格式错误': 'Not allowed: New-Api-User is malformed',
  '无权进行此操作，access token 无效': 'Not allowed: the access token is invalid',
  '无权进行此操作，未提供 New-Api-User': 'Not allowed: New-Api-User is missing',
  '无权进行此操作，用户不存在或已注销': 'Not allowed: the user does not exist or was deregistered',
  '无法启用 GitHub OAuth，请先填入 GitHub Client Id 以及 GitHub Client Secret！':
    'Cannot enable GitHub OAuth: fill in the GitHub Client Id and Client Secret first!',
  '无法启用 LinuxDO OAuth，请先填入 LinuxDO Client Id 以及 LinuxDO Client Secret！':
    'Cannot enable LinuxDO OAuth: fill in the LinuxDO Client Id and Client Secret first!',
  '无法启用 OIDC 登录，请先填入 OIDC Client Id 以及 OIDC Client Secret！':
    'Cannot enable OIDC sign-in: fill in the OIDC Client Id and Client Secret first!',
  '无法启用 Telegram OAuth，请先填入 Telegram Bot Token！':
    'Cannot enable Telegram OAuth: fill in the Telegram Bot Token first!',
  '无法启用 Turnstile 校验，请先填入 Turnstile 校验相关配置信息！':
    'Cannot enable the Turnstile check: fill in its settings first!',
  '无法启用微信登录，请先填入微信登录相关配置信息！':
    'Cannot enable WeChat sign-in: fill in its settings first!',
  '无法启用邮箱域名限制，请先填入限制的邮箱域名！':
    'Cannot enable the email domain restriction: fill in the allowed domains first!',
  最大输入长度不能为负数: 'The maximum input length cannot be negative',
  未提供兑换码: 'No redemption code given',
  未知的渠道类型: 'Unknown channel type',
  '权重必须是非负整数！': 'The weight must be a non-negative integer!',
  '标签不能为空！': 'The tag cannot be empty!',
  标签格式错误: 'Invalid tag',
  标签过长: 'The tag is too long',
  模型名称过长: 'A model name is too long',
  '模型映射必须是合法的 JSON 格式！': 'The model mapping must be valid JSON!',
  模型限制必须是以逗号分隔的模型名称: 'Model limits must be model names separated by commas',
  '没有任何修改！': 'Nothing changed!',
  测试模型名称过长: 'The test model name is too long',
  '渠道 ID 无效': 'Invalid channel id',
  渠道不存在: 'The channel does not exist',
  渠道名称过长: 'The channel name is too long',
  渠道地址过长: 'The channel address is too long',
  '渠道额外设置必须是合法的 JSON 格式！': 'The extra channel settings must be valid JSON!',
  '状态码复写必须是合法的 JSON 格式！': 'The status code mapping must be valid JSON!',
  状态码复写过长: 'The status code mapping is too long',
  '生成邀请码失败，请重试': 'Could not generate an invite code, please retry',
  '管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝。':
    'The administrator restricts email aliases: your address was refused because it contains special characters.',
  '管理员未开启在线充值！': 'The administrator has not enabled online top-up!',
  '管理员未设置服务器地址，无法发起在线充值':
    'The administrator has not set the server address, so online top-up cannot start',
  '组织 ID 过长': 'The organization id is too long',
  编辑渠道时只能填写一个密钥: 'Only one key can be given when editing a channel',
  '修改渠道类型、地址、其他参数、请求头覆盖或代理时，必须重新填写密钥':
    'Changing the type, address, extra parameter, header override or proxy requires entering the key again',
  '请求头覆盖中的隐藏值 ****** 只能保留已保存的请求头，新请求头请填写实际值':
    'The hidden value ****** in the header override can only keep a saved header; type the real value for a new one',
  '解析响应失败: 响应不是 JSON 对象': 'Failed to parse the response: not a JSON object',
  '解析响应失败: 缺少 data 列表': 'Failed to parse the response: no data list',
  该兑换码已被使用: 'This code has already been used',
  该兑换码已被禁用: 'This code has been disabled',
  '该渠道类型没有默认地址，请填写渠道地址':
    'This channel type has no default address; please fill in the base URL',
  该邮箱地址未注册: 'This email address is not registered',
  '请先选择要删除的通道！': 'Select the channels to delete first!',
  '请先选择要设置标签的渠道！': 'Select the channels to tag first!',
  请填写密钥: 'Please fill in the key',
  '请填写渠道名称和渠道密钥！': 'Please fill in the channel name and key!',
  请求体过大: 'The request body is too large',
  '请求头覆盖必须是合法的 JSON 格式！': 'The header override must be valid JSON!',
  请求的资源不存在: 'The requested resource does not exist',
  '请至少选择一个模型！': 'Select at least one model!',
  '请选择要清除的日志截止时间（target_timestamp）':
    'Choose the time before which logs are deleted (target_timestamp)',
  '过期时间必须晚于当前时间，或设为 -1（永不过期）':
    'The expiry must be in the future, or -1 (never expires)',
  '过期时间格式错误！': 'Invalid expiry time!',
  邮箱地址已被占用: 'This email address is already used',
  部署地区不能为空: 'The deployment region cannot be empty',
  部署地区必须包含default字段: 'The deployment region must include a default entry',
  '部署地区必须是合法的 JSON 格式': 'The deployment region must be valid JSON',
  重置链接非法或已过期: 'The reset link is invalid or has expired',
  邮箱域名格式不正确: 'Email domain format is incorrect',
  预警阈值必须大于0: 'The warning threshold must be greater than 0',
  该令牌额度已用尽: 'The token quota is used up',
  '暂不支持使用 access token': 'Access tokens are not supported here',
  无权访问该分组: 'You may not use this group',
  测试已在运行中: 'A test run is already in progress',
  渠道类型暂不支持测试: 'This channel type cannot be tested',
  用户名和密码不能为空: 'Username and password cannot be empty',
  无法创建权限大于等于自己的用户: 'You cannot create a user with a role equal to or above yours',
  无权更新同权限等级或更高权限等级的用户信息: 'You cannot change users of your role or a higher one',
  该用户已经是管理员: 'The user is already an admin',
  该用户已经是普通用户: 'The user is already a normal user',
  无法禁用超级管理员用户: 'The super admin cannot be disabled',
  无法删除超级管理员用户: 'The super admin cannot be deleted',
  无法降级超级管理员用户: 'The super admin cannot be demoted',
  普通管理员用户无法提升其他用户为管理员: 'Only the super admin can promote users to admin',
  '该用户已注销，无法再进行操作': 'The user is deregistered; no further actions are possible',
  不能删除超级管理员账户: 'The super admin account cannot be deleted',
  请输入原密码: 'Please enter your current password',
  '登录已失效，请重新登录': 'Your session has ended; please sign in again',
  无效的操作: 'Invalid action',
  额度必须是整数: 'The quota must be an integer',
  额度超出范围: 'The quota is out of range',
  分组不能为空: 'The group cannot be empty',
};

/** Messages with a variable part: the first match wins. */
const ENGLISH_PATTERNS: Array<[RegExp, string]> = [
  [
    /^IP 白名单中的条目无效：(.+)（每行填写一个 IPv4\/IPv6 地址或 CIDR 网段）$/,
    'Invalid IP allow-list entry: $1 (one IPv4/IPv6 address or CIDR range per line)',
  ],
  [/^一次兑换码批量生成的个数不能大于 (\d+)$/, 'At most $1 codes can be generated at once'],
  [/^一次最多创建 (\d+) 个令牌$/, 'At most $1 tokens can be created at once'],
  [/^上游返回状态码 (\d+)(.*)$/, 'The upstream answered status $1$2'],
  [/^上游返回错误: (.*)$/, 'The upstream returned an error: $1'],
  [/^优先级不能小于 (-?\d+)$/, 'The priority cannot be less than $1'],
  [/^充值数量不能小于 (.+)$/, 'The top-up amount cannot be less than $1'],
  [/^兑换码名称长度必须在1-(\d+)之间$/, 'The code name must be 1 to $1 characters'],
  [/^创建管理员账号失败: (.*)$/, 'Creating the administrator failed: $1'],
  [/^接口不存在：(.*)$/, 'No such API: $1'],
  [/^无权使用分组 (.+)$/, 'You may not use the group $1'],
  [/^显示名称长度不能超过(\d+)个字符$/, 'The display name must not exceed $1 characters'],
  [/^未知的配置项：(.+)$/, 'Unknown option: $1'],
  [/^没有标签为 (.+) 的渠道$/, 'No channel has the tag $1'],
  [/^解析响应失败: (.*)$/, 'Failed to parse the response: $1'],
  [/^请求上游失败: (.*)$/, 'The upstream request failed: $1'],
  [/^邮件发送失败：(.*)$/, 'Sending the mail failed: $1'],
  [/^模型名称过长: (.*)$/, 'A model name is too long: $1'],
  [/^请求过于频繁，请 (\d+) 秒后再试$/, 'Too many requests, please retry in $1 s'],
  [/^status code (\d+): (.*)$/, 'status code $1: $2'],
];

export function translateServerMessage(message: string): string {
  if (!i18n.language?.startsWith('en')) return message;
  const exact = ENGLISH[message];
  if (exact) return exact;
  for (const [pattern, replacement] of ENGLISH_PATTERNS) {
    if (pattern.test(message)) return message.replace(pattern, replacement);
  }
  return message;
}
