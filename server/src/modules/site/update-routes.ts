import type { UpdateCheck } from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError, ok } from '../../platform/http/api-error.js';
import { fetchJsonObject, RemoteJsonError } from '../../platform/http/remote-json.js';

const numericParts = (version: string) =>
  /^v?(\d+(?:\.\d+)*)/i.exec(version.trim())?.[1]?.split('.').map(Number) ?? null;

/**
 * Whether `latest` is newer than `current`, by their numeric dotted parts; versions that are not
 * numbers count as different when their texts differ, since then nothing better is known.
 */
export function isNewerVersion(latest: string, current: string): boolean {
  const a = numericParts(latest);
  const b = numericParts(current);
  if (!a || !b) return latest.replace(/^v/i, '') !== current.replace(/^v/i, '');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return false;
}

/** Compares the running version with the latest release at UPDATE_CHECK_URL (GitHub's shape). */
export async function updateCheckRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/status/update', { preHandler: ctx.guards.root }, async () => {
    if (!ctx.config.updateCheckUrl) {
      throw new ApiError(503, '检查更新失败：未配置更新地址（环境变量 UPDATE_CHECK_URL）');
    }
    let release: Record<string, unknown>;
    try {
      release = await fetchJsonObject(ctx.config.updateCheckUrl, {
        // GitHub's API refuses requests without a user agent.
        headers: { 'user-agent': `model-gateway/${ctx.version}`, accept: 'application/vnd.github+json' },
      });
    } catch (err) {
      if (err instanceof RemoteJsonError)
        throw new ApiError(502, `检查更新失败，请稍后重试（${err.message}）`);
      throw err;
    }
    const tag = typeof release.tag_name === 'string' ? release.tag_name.trim() : '';
    if (!tag) throw new ApiError(502, '检查更新失败，请稍后重试（响应中没有 tag_name）');
    const answer: UpdateCheck = {
      current_version: ctx.version,
      latest_version: tag,
      release_notes: typeof release.body === 'string' ? release.body : '',
      release_url: typeof release.html_url === 'string' ? release.html_url : '',
      update_available: isNewerVersion(tag, ctx.version),
    };
    return ok(answer);
  });
}
