import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { initI18n } from '../i18n';
import { translateServerMessage } from '../i18n/server-messages';
import { ApiRequestError, createHttpClient, type HttpClientDeps } from './http-client';

beforeAll(() => {
  initI18n('zh');
});

function envelopeResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(response: Response | Error, userId: number | null = 7) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  const deps: HttpClientDeps = {
    readUserId: () => userId,
    onUnauthorized: vi.fn(),
    showError: vi.fn(),
    translate: (key, values) => i18n.t(key, values),
    translateServerMessage,
    fetch: fetchMock as unknown as typeof fetch,
  };
  return { client: createHttpClient(deps), deps, fetchMock };
}

const requestHeaders = (fetchMock: ReturnType<typeof vi.fn>) =>
  (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;

describe('http client', () => {
  it('returns data and sends New-Api-User and no-store once a user is stored', async () => {
    const { client, fetchMock } = setup(
      envelopeResponse(200, { success: true, message: '', data: { a: 1 } }),
    );
    await expect(client.get('/api/user/self')).resolves.toEqual({ a: 1 });
    const headers = requestHeaders(fetchMock);
    expect(headers['New-Api-User']).toBe('7');
    expect(headers['Cache-Control']).toBe('no-store');
  });

  it('sends neither header for a guest', async () => {
    const { client, fetchMock } = setup(envelopeResponse(200, { success: true, message: '', data: 1 }), null);
    await client.get('/api/status');
    const headers = requestHeaders(fetchMock);
    expect(headers['New-Api-User']).toBeUndefined();
    expect(headers['Cache-Control']).toBeUndefined();
  });

  it('encodes the query string and the JSON body', async () => {
    const { client, fetchMock } = setup(envelopeResponse(200, { success: true, message: '', data: null }));
    await client.request('POST', '/api/x', { query: { a: 'b c', skip: undefined }, body: { k: 1 } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x?a=b+c');
    expect(init.body).toBe('{"k":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('on 401 hands over to onUnauthorized without a toast', async () => {
    const { client, deps } = setup(envelopeResponse(401, { success: false, message: '未登录' }));
    await expect(client.get('/api/user/self')).rejects.toBeInstanceOf(ApiRequestError);
    expect(deps.onUnauthorized).toHaveBeenCalledOnce();
    expect(deps.showError).not.toHaveBeenCalled();
  });

  it('does not treat the sign-in 401 as an expired session', async () => {
    const { client, deps } = setup(
      envelopeResponse(401, { success: false, message: '用户名或密码错误，或用户已被封禁' }),
    );
    await expect(client.post('/api/user/login', {}, { noAuthRedirect: true })).rejects.toThrow();
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
    expect(deps.showError).toHaveBeenCalledWith('错误：用户名或密码错误，或用户已被封禁');
  });

  it.each([
    [429, '请求次数过多，请稍后再试！'],
    [500, '服务器内部错误，请联系管理员！'],
    [405, '本站仅作演示之用，无服务端！'],
  ])('maps HTTP %i to its catalogue message', async (status, message) => {
    const { client, deps } = setup(envelopeResponse(status, { success: false, message: 'x' }));
    await expect(client.get('/api/x')).rejects.toMatchObject({ status, message });
    expect(deps.showError).toHaveBeenCalledWith(message);
  });

  it('prefixes other HTTP errors with Error: and the envelope message', async () => {
    const { client, deps } = setup(
      envelopeResponse(403, { success: false, message: '无权进行此操作，权限不足' }),
    );
    await expect(client.get('/api/option/')).rejects.toMatchObject({ status: 403 });
    expect(deps.showError).toHaveBeenCalledWith('错误：无权进行此操作，权限不足');
  });

  it('falls back to the status text when an error has no envelope', async () => {
    const { client, deps } = setup(new Response('bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    await expect(client.get('/api/x')).rejects.toMatchObject({ status: 502 });
    expect(deps.showError).toHaveBeenCalledWith('错误：Bad Gateway');
  });

  it('shows the message of success:false as an error toast', async () => {
    const { client, deps } = setup(envelopeResponse(200, { success: false, message: '兑换码无效' }));
    await expect(client.get('/api/x')).rejects.toMatchObject({
      message: '兑换码无效',
      serverMessage: '兑换码无效',
    });
    expect(deps.showError).toHaveBeenCalledWith('兑换码无效');
  });

  it('reports an unreachable server with status 0', async () => {
    const { client, deps } = setup(new TypeError('Failed to fetch'));
    await expect(client.get('/api/x')).rejects.toMatchObject({ status: 0 });
    expect(deps.showError).toHaveBeenCalledWith('无法连接到服务器');
  });

  it('stays quiet when the caller shows its own message', async () => {
    const { client, deps } = setup(envelopeResponse(400, { success: false, message: '坏了' }));
    await expect(client.get('/api/x', { quiet: true })).rejects.toMatchObject({ serverMessage: '坏了' });
    expect(deps.showError).not.toHaveBeenCalled();
  });

  it('translates known server messages in English', async () => {
    await i18n.changeLanguage('en');
    try {
      const { client, deps } = setup(
        envelopeResponse(403, { success: false, message: '无权进行此操作，权限不足' }),
      );
      await expect(client.get('/api/option/')).rejects.toThrow();
      expect(deps.showError).toHaveBeenCalledWith('Error: Not allowed: insufficient permission');
    } finally {
      await i18n.changeLanguage('zh');
    }
  });
});
