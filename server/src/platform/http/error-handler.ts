import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, badRequest } from './api-error.js';
import { decodeJsonText, UnreadableTextError } from './json-text.js';

const MESSAGES: Record<number, string> = {
  404: '请求的资源不存在',
  413: '请求体过大',
  415: '不支持的内容类型',
  429: '请求过于频繁，请稍后再试',
  500: '服务器内部错误，请联系管理员',
};

/** The /api error shape: the envelope with a meaningful HTTP status. */
export function installApiErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error instanceof ApiError ? error.statusCode : (error.statusCode ?? 500);
    const message =
      error instanceof ApiError
        ? error.message
        : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? '无效的参数：请求体不是合法的 JSON'
          : (MESSAGES[status] ?? error.message);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    void reply.code(status).send({ success: false, message });
  });
}

const UNREADABLE = {
  utf8: '无效的参数：请求体不是合法的 UTF-8',
  nul: '无效的参数：请求体含有 NUL 字符',
} as const;

/**
 * JSON bodies decoded strictly (invalid UTF-8 or NUL → 400, see json-text.ts), then parsed by
 * fastify's own parser, which keeps its prototype-poisoning protection.
 */
export function acceptStrictJson(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, raw, done) => {
    let text: string;
    try {
      text = decodeJsonText(raw as Buffer);
    } catch (err) {
      if (err instanceof UnreadableTextError) return done(badRequest(UNREADABLE[err.reason]), undefined);
      return done(err as Error, undefined);
    }
    parseJson(request, text, done);
  });
}
