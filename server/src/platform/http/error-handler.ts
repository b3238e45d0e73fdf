import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';

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
