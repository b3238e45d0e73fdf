import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDsn } from './config.js';

describe('configuration', () => {
  it('defaults to SQLite under ./data on port 3000', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.db.dialect).toBe('sqlite');
    expect(c.db.url).toMatch(/data\/gateway\.db$/);
    expect(c.redisUrl).toBeNull();
  });

  it('recognises PostgreSQL, MySQL URLs and the tcp() DSN form', () => {
    expect(parseDsn('postgres://u:p@h:5432/db', 'x').dialect).toBe('postgres');
    expect(parseDsn('postgresql://u@h/db', 'x').dialect).toBe('postgres');
    expect(parseDsn('mysql://root@127.0.0.1:3306/test', 'x')).toEqual({
      dialect: 'mysql',
      url: 'mysql://root@127.0.0.1:3306/test',
    });
    expect(parseDsn('root:secret@tcp(db:3306)/new-api?parseTime=true&timeout=5s', 'x')).toEqual({
      dialect: 'mysql',
      url: 'mysql://root:secret@db:3306/new-api?timeout=5s',
    });
  });

  it('stops with a one-line reason on bad values', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT must be an integer/);
    expect(() => loadConfig({ SQL_DSN: 'oracle://x' })).toThrow(/SQL_DSN is not understood/);
    expect(() => loadConfig({ REDIS_CONN_STRING: 'localhost:6379' })).toThrow(/redis:\/\//);
    expect(() => loadConfig({ DEBUG: 'maybe' })).toThrow(/DEBUG must be true or false/);
    expect(() => loadConfig({ SESSION_SECRET: 'random_string' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ UPDATE_CHECK_URL: 'api.github.com/x' })).toThrow(/UPDATE_CHECK_URL/);
  });

  it('reads body limits per route family in bytes, kb or mb', () => {
    expect(loadConfig({}).bodyLimits).toEqual({ api: 1024 * 1024, relay: 32 * 1024 * 1024 });
    expect(loadConfig({ API_BODY_LIMIT: '512kb', RELAY_BODY_LIMIT: '64MB' }).bodyLimits).toEqual({
      api: 512 * 1024,
      relay: 64 * 1024 * 1024,
    });
    expect(loadConfig({ API_BODY_LIMIT: '4096' }).bodyLimits.api).toBe(4096);
    expect(() => loadConfig({ RELAY_BODY_LIMIT: '32 gigs' })).toThrow(/RELAY_BODY_LIMIT must be a size/);
    expect(() => loadConfig({ API_BODY_LIMIT: '10' })).toThrow(ConfigError);
  });

  it('checks for updates only where the operator points it', () => {
    expect(loadConfig({}).updateCheckUrl).toBe('');
    expect(loadConfig({ UPDATE_CHECK_URL: ' https://example.com/latest ' }).updateCheckUrl).toBe(
      'https://example.com/latest',
    );
  });
});
