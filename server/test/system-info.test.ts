import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcEndpoints, UpdateCheck } from '@gateway/contract';
import {
  ApiClient,
  registerAndLogin,
  setupAndLoginRoot,
  startGateway,
  type RunningGateway,
} from '@gateway/test-support';

/** A local stand-in for an OIDC provider and a release listing: path → [status, body]. */
async function startDocServer(routes: Record<string, [number, string]>) {
  const seen: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers);
    if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`);
      return;
    }
    const [status, body] = routes[req.url ?? ''] ?? [404, 'not found'];
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening: taken from a server that is closed again. */
async function deadUrl() {
  const probe = await startDocServer({});
  await probe.close();
  return probe.url;
}

describe('system info endpoints (OIDC discovery, update check)', () => {
  let docs: Awaited<ReturnType<typeof startDocServer>>;
  let gw: RunningGateway;
  let offline: RunningGateway;
  let root: ApiClient;

  beforeAll(async () => {
    docs = await startDocServer({
      '/.well-known/openid-configuration': [
        200,
        JSON.stringify({
          issuer: 'https://id.example.com',
          authorization_endpoint: 'https://id.example.com/authorize',
          token_endpoint: 'https://id.example.com/token',
          userinfo_endpoint: 'https://id.example.com/userinfo',
        }),
      ],
      '/no-endpoints': [200, JSON.stringify({ issuer: 'x' })],
      '/not-json': [200, '<html>login</html>'],
      '/broken': [500, 'oops'],
      '/releases/latest': [
        200,
        JSON.stringify({
          tag_name: 'v99.1.0',
          body: '## Changes\n- faster',
          html_url: 'https://example.com/r/v99.1.0',
        }),
      ],
    });
    gw = await startGateway({ env: { UPDATE_CHECK_URL: `${docs.url}/releases/latest` } });
    root = await setupAndLoginRoot(gw.url);
  });
  afterAll(async () => {
    await gw?.stop();
    await offline?.stop();
    await docs?.close();
  });

  const discover = (url: string) =>
    root.get<OidcEndpoints>(`/api/option/oidc_discovery?url=${encodeURIComponent(url)}`);

  it('reads the three endpoints of a discovery document', async () => {
    const res = await discover(`${docs.url}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      authorization_endpoint: 'https://id.example.com/authorize',
      token_endpoint: 'https://id.example.com/token',
      userinfo_endpoint: 'https://id.example.com/userinfo',
    });
  });

  it('refuses addresses that are not http(s) before fetching anything', async () => {
    for (const url of ['', 'ftp://example.com/x', 'file:///etc/passwd', 'id.example.com']) {
      const res = await discover(url);
      expect(res.status, url).toBe(400);
      expect(res.body.message).toBe('Well-Known URL 必须以 http:// 或 https:// 开头');
    }
  });

  it('answers a readable 502 for unreachable, failing, oversized and malformed documents', async () => {
    const cases: Array<[string, RegExp]> = [
      [`${await deadUrl()}/.well-known/openid-configuration`, /ECONNREFUSED/],
      [`${docs.url}/broken`, /状态码 500/],
      [`${docs.url}/not-json`, /不是合法的 JSON/],
      [`${docs.url}/no-endpoints`, /authorization_endpoint/],
      [`${docs.url}/huge`, /响应过大/],
    ];
    for (const [url, detail] of cases) {
      const res = await discover(url);
      expect(res.status, url).toBe(502);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/^获取 OIDC 配置失败：/);
      expect(res.body.message).toMatch(detail);
    }
  });

  it('refuses a whitelist entry that is not a domain, as the console does', async () => {
    const bad = await root.put('/api/option/', {
      key: 'EmailDomainWhitelist',
      value: 'gmail.com,not a domain',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('邮箱域名格式不正确');
    const good = await root.put('/api/option/', {
      key: 'EmailDomainWhitelist',
      value: 'gmail.com,example.org',
    });
    expect(good.body.success).toBe(true);
  });

  it('keeps both endpoints from admins and users', async () => {
    const admin = await registerAndLogin(gw.url, 'sysadmin');
    await gw.ctx.users.repo.update(admin.userId!, { role: 10 });
    gw.ctx.users.cache.invalidate(admin.userId!);
    for (const path of ['/api/status/update', `/api/option/oidc_discovery?url=${docs.url}/broken`]) {
      expect((await admin.get(path)).status).toBe(403);
      expect((await new ApiClient(gw.url).get(path)).status).toBe(401);
    }
  });

  it('reports the latest release and its notes', async () => {
    const res = await root.get<UpdateCheck>('/api/status/update');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      current_version: gw.ctx.version,
      latest_version: 'v99.1.0',
      release_notes: '## Changes\n- faster',
      release_url: 'https://example.com/r/v99.1.0',
      update_available: true,
    });
    expect(docs.seen.at(-1)?.['user-agent']).toMatch(/^model-gateway\//);
  });

  it('says the check failed when the listing cannot be reached', async () => {
    offline = await startGateway({ env: { UPDATE_CHECK_URL: `${await deadUrl()}/releases/latest` } });
    const offlineRoot = await setupAndLoginRoot(offline.url);
    const res = await offlineRoot.get('/api/status/update');
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/^检查更新失败，请稍后重试/);
  });

  it('calls nothing and says so when no update address is configured', async () => {
    const unconfigured = await startGateway();
    try {
      const unconfiguredRoot = await setupAndLoginRoot(unconfigured.url);
      const res = await unconfiguredRoot.get('/api/status/update');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('检查更新失败：未配置更新地址（环境变量 UPDATE_CHECK_URL）');
    } finally {
      await unconfigured.stop();
    }
  });
});
