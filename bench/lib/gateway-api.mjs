/**
 * The gateway's management API, as an operator would use it: first-run setup, login, a price, a
 * channel per upstream behaviour and one limited API key. Also reads the counters that prove
 * requests were really billed and logged.
 */
import { MODELS, UPSTREAM_KEYS } from './constants.mjs';

const ROOT = { username: 'benchroot', password: 'bench-password-1234' };

/** A small JSON client keeping the session cookie and the New-Api-User header. */
class Api {
  constructor(base) {
    this.base = base;
    this.headers = { 'content-type': 'application/json' };
  }

  async call(method, path, body) {
    const res = await fetch(this.base + path, {
      method,
      headers: this.headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    // The envelope carries `success`; a 2xx with success:false is still a failure.
    if (!res.ok || json?.success === false) {
      throw new Error(`${method} ${path} -> ${res.status}: ${text.slice(0, 300)}`);
    }
    return { res, data: json?.data };
  }

  async login() {
    const { res, data } = await this.call('POST', '/api/user/login', ROOT);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('session='));
    if (!cookie) throw new Error('login returned no session cookie');
    this.headers.cookie = cookie.split(';')[0];
    this.headers['new-api-user'] = String(data.id);
  }
}

/**
 * Configures a fresh gateway and returns the API key clients use. Everything goes through the
 * HTTP API, so routing and caches are told about the changes exactly as in production.
 */
export async function provisionGateway(base, upstreamUrl) {
  const api = new Api(base);
  await api.call('POST', '/api/setup', { ...ROOT, confirmPassword: ROOT.password });
  await api.login();
  // Ratio 1 (completion ratio 1 for unknown names): every request costs a few dozen quota.
  const ratios = { [MODELS.fast]: 1, [MODELS.slow]: 1 };
  await api.call('PUT', '/api/option/', { key: 'ModelRatio', value: JSON.stringify(ratios) });
  for (const kind of ['fast', 'slow']) {
    await api.call('POST', '/api/channel/', {
      type: 1,
      name: `bench-${kind}`,
      key: UPSTREAM_KEYS[kind],
      base_url: upstreamUrl,
      models: MODELS[kind],
      group: 'default',
    });
  }
  // A limited token, so the token balance is checked and held too (the more expensive path).
  const { data } = await api.call('POST', '/api/token/', {
    name: 'bench',
    remain_quota: 90_000_000,
    unlimited_quota: false,
  });
  const token = Array.isArray(data) ? data[0] : data;
  if (!token?.key) throw new Error(`token creation returned no key: ${JSON.stringify(data)}`);
  return { api, apiKey: `sk-${token.key}`, tokenId: token.id };
}

/** Counters that must move by one per relayed request: requests, logs, quota. */
export async function billingSnapshot({ api, tokenId }) {
  const { data: user } = await api.call('GET', '/api/user/self');
  const { data: token } = await api.call('GET', `/api/token/${tokenId}`);
  const { data: logs } = await api.call('GET', '/api/log/?type=2&page_size=1');
  return {
    requests: user.request_count,
    userQuota: user.quota,
    usedQuota: user.used_quota,
    tokenUsed: token.used_quota,
    logRows: logs.total,
  };
}

/**
 * Throws unless every successful response of the run was charged and logged. Requests cut off
 * when the load generator stops may or may not be billed, hence the `inFlight` slack.
 */
export function assertBilled(before, after, ok, inFlight) {
  const d = {
    requests: after.requests - before.requests,
    logRows: after.logRows - before.logRows,
    quota: before.userQuota - after.userQuota,
    used: after.usedQuota - before.usedQuota,
    tokenUsed: after.tokenUsed - before.tokenUsed,
  };
  const within = (n) => n >= ok && n <= ok + inFlight;
  const problems = [];
  if (!within(d.requests)) problems.push(`request_count moved by ${d.requests}`);
  if (!within(d.logRows)) problems.push(`${d.logRows} consume log rows were written`);
  if (d.quota < ok || d.quota !== d.used || d.tokenUsed !== d.used) {
    problems.push(`quota moved by ${d.quota} (used_quota ${d.used}, token used ${d.tokenUsed})`);
  }
  if (problems.length) {
    throw new Error(`gateway billing check failed for ${ok} successful requests: ${problems.join('; ')}`);
  }
  return d;
}
