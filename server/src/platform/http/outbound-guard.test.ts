import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { addressRefusal, channelDispatcher, guardedPost, OutboundRefusedError } from './outbound-guard.js';

describe('addressRefusal', () => {
  it.each([
    ['127.0.0.1', 'private'],
    ['127.8.9.10', 'private'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['::ffff:127.0.0.1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['169.254.169.254', 'always'],
    ['169.254.1.1', 'always'],
    ['fe80::1', 'always'],
    ['0.0.0.0', 'always'],
    ['::', 'always'],
    ['224.0.0.1', 'always'],
    ['::ffff:169.254.169.254', 'always'],
  ])('%s is refused (%s)', (ip, kind) => {
    expect(addressRefusal(ip, false)).not.toBeNull();
    if (kind === 'always') expect(addressRefusal(ip, true)).not.toBeNull();
    else expect(addressRefusal(ip, true)).toBeNull();
  });

  it.each(['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700:4700::1111'])('%s is public', (ip) => {
    expect(addressRefusal(ip, false)).toBeNull();
  });
});

describe('guardedPost', () => {
  let server: http.Server;
  let port: number;
  const seen: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === '/redirect') {
        res.writeHead(302, { location: '/target' });
        res.end();
      } else if (req.url === '/hang') {
        // Never answers: the caller's deadline must end it.
      } else res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (url: string, allowPrivate = false, timeoutMs = 2000) =>
    guardedPost(url, {
      body: '{}',
      headers: { 'content-type': 'application/json' },
      timeoutMs,
      allowPrivate,
    });

  it('refuses loopback addresses, by IP and by a name that resolves to one, before sending', async () => {
    seen.length = 0;
    await expect(post(`http://127.0.0.1:${port}/x`)).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(post(`http://[::1]:${port}/x`)).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(post(`http://localhost:${port}/x`)).rejects.toThrow(/private address not allowed/);
    await expect(post('http://10.0.0.1/x')).rejects.toThrow(/private address not allowed: 10.0.0.1/);
    await expect(post('http://169.254.169.254/latest/meta-data', true)).rejects.toThrow(/not allowed/);
    await expect(post('ftp://example.com/x')).rejects.toThrow(/protocol not allowed/);
    expect(seen).toEqual([]);
  });

  it('calls private addresses when allowed, without following redirects', async () => {
    seen.length = 0;
    expect(await post(`http://localhost:${port}/ok`, true)).toBe(200);
    expect(await post(`http://127.0.0.1:${port}/redirect`, true)).toBe(302);
    expect(seen).toEqual(['/ok', '/redirect']);
  });

  it('gives up at its deadline', async () => {
    const started = Date.now();
    await expect(post(`http://127.0.0.1:${port}/hang`, true, 300)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('lets channel calls reach loopback, but not 0.0.0.0 (which Linux routes to this host) nor link-local', async () => {
    seen.length = 0;
    const get = (url: string) => request(url, { dispatcher: channelDispatcher() });
    const ok = await get(`http://localhost:${port}/channel`);
    await ok.body.dump();
    expect(ok.statusCode).toBe(200);
    await expect(get(`http://0.0.0.0:${port}/x`)).rejects.toThrow(/address not allowed: 0.0.0.0/);
    await expect(get(`http://[::ffff:0.0.0.0]:${port}/x`)).rejects.toThrow(/not allowed/);
    await expect(get('http://169.254.169.254/latest/meta-data')).rejects.toThrow(/169.254.169.254/);
    expect(seen).toEqual(['/channel']);
  });
});
