import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { setupAndLoginRoot, startFakeUpstream, testDbKind, type FakeUpstream } from '@gateway/test-support';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');

function launch(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function output(child: ChildProcess): { text: () => string } {
  let text = '';
  child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
  return { text: () => text };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

/** Generous: a cold `tsx` start compiles the whole server, which is slow on a busy machine. */
async function waitForHttp(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** The real entry point as a separate process (SQLite only: it is about the process, not the database). */
describe.skipIf(testDbKind() !== 'sqlite')('the gateway process', () => {
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });
  afterAll(async () => {
    await upstream.close();
  });

  it('stops on bad configuration with a one-line reason and no stack trace', async () => {
    const child = launch({ PORT: 'not-a-port', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bad-')) });
    const out = output(child);
    expect(await exited(child)).toBe(1);
    const lines = out.text().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      'gateway failed to start: PORT must be an integer between 0 and 65535, got "not-a-port"',
    );
  });

  it('writes queued charges and logs on SIGTERM before exiting', { timeout: 120_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-proc-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    // A long flush interval: only the shutdown flush can write the charge in time.
    const child = launch({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LEDGER_FLUSH_MS: '60000',
    });
    const out = output(child);
    const url = `http://127.0.0.1:${port}`;
    try {
      await waitForHttp(`${url}/api/status`);
      const root = await setupAndLoginRoot(url);
      await root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'proc-model': 1 }) });
      upstream.scenario('proc', { usage: { prompt: 30, completion: 20 } });
      const channel = await root.post('/api/channel/', {
        type: 1,
        name: 'proc',
        key: 'proc',
        base_url: upstream.url,
        models: 'proc-model',
        group: 'default',
      });
      expect(channel.body.success, channel.body.message).toBe(true);
      const created = await root.post<Array<{ key: string }>>('/api/token/', {
        name: 'proc',
        unlimited_quota: true,
      });
      expect(created.body.success, created.body.message).toBe(true);
      const key = created.body.data![0]!.key;
      await new OpenAI({ apiKey: `sk-${key}`, baseURL: `${url}/v1`, maxRetries: 0 }).chat.completions.create({
        model: 'proc-model',
        messages: [{ role: 'user', content: 'x' }],
      });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited(child)).toBe(0);
    expect(out.text()).toContain('SIGTERM received');
    const db = new Database(path.join(dataDir, 'gateway.db'), { readonly: true });
    try {
      const root = db.prepare('select quota, used_quota, request_count from users where role = 100').get();
      expect(root).toEqual({ quota: 100_000_000 - 50, used_quota: 50, request_count: 1 });
      const logs = db.prepare('select quota from logs where type = 2').all();
      expect(logs).toEqual([{ quota: 50 }]);
    } finally {
      db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
