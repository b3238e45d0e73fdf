import type { AppContext } from '../../context.js';
import { ApiError, badRequest } from '../../platform/http/api-error.js';
import type { ExternalIdentity } from './accounts.js';

const TIMEOUT_MS = 5000;

/** An upstream that could not be reached or answered nonsense: not the caller's fault. */
const upstream = (message: string) => new ApiError(502, message);

async function callJson(
  url: string,
  init: RequestInit,
  unreachable: string,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw upstream(unreachable);
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, body: undefined };
  }
}

const field = (body: unknown, name: string): unknown =>
  body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * GitHub: code → access token (JSON POST), then GET the user. The identity is the `login`, as
 * other gateways store it, so databases carried over keep their bindings.
 */
export async function githubIdentity(ctx: AppContext, code: string): Promise<ExternalIdentity> {
  const endpoints = ctx.config.oauth.github;
  const unreachable = '无法连接至 GitHub 服务器，请稍后重试！';
  const token = await callJson(
    endpoints.token,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        client_id: ctx.options.str('GitHubClientId'),
        client_secret: ctx.options.str('GitHubClientSecret'),
        code,
      }),
    },
    unreachable,
  );
  const accessToken = text(field(token.body, 'access_token'));
  if (!accessToken) {
    throw badRequest(`GitHub 授权失败：${text(field(token.body, 'error_description')) || '无效的授权码'}`);
  }
  const user = await callJson(
    endpoints.user,
    { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
    unreachable,
  );
  const login = text(field(user.body, 'login'));
  if (user.status !== 200 || !login) throw upstream('返回值非法，用户字段为空，请稍后重试！');
  return {
    id: login,
    username: `github_${login}`.slice(0, 20),
    displayName: text(field(user.body, 'name')),
    email: text(field(user.body, 'email')),
  };
}

/**
 * LinuxDO (Discourse Connect): code → token with HTTP Basic client credentials and a form body,
 * then GET the user. The identity is the numeric id as a string.
 */
export async function linuxdoIdentity(
  ctx: AppContext,
  code: string,
  redirectUri: string,
): Promise<ExternalIdentity> {
  const endpoints = ctx.config.oauth.linuxdo;
  const unreachable = 'failed to connect to Linux DO server';
  const basic = Buffer.from(
    `${ctx.options.str('LinuxDOClientId')}:${ctx.options.str('LinuxDOClientSecret')}`,
  ).toString('base64');
  const token = await callJson(
    endpoints.token,
    {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
      }).toString(),
    },
    unreachable,
  );
  const accessToken = text(field(token.body, 'access_token'));
  if (!accessToken) {
    const reason = text(field(token.body, 'error_description')) || text(field(token.body, 'message'));
    throw badRequest(`failed to get access token: ${reason || 'invalid code'}`);
  }
  const user = await callJson(
    endpoints.user,
    { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
    unreachable,
  );
  if (user.status !== 200) throw upstream('failed to get user info from Linux DO');
  const id = field(user.body, 'id');
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)
    throw upstream('invalid user info returned');
  return {
    id: String(id),
    username: text(field(user.body, 'username')),
    displayName: text(field(user.body, 'name')) || text(field(user.body, 'username')),
  };
}
