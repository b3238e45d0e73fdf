/**
 * AIProxy's knowledge base: `POST /api/library/ask` with the key in `Api-Key`. Answers (and
 * refusals, even with HTTP 200) are `{success, answer, documents, ErrCode, Message}`.
 */
import { DEFAULT_REPLY } from '../openai/text.js';
import type { HandlerContext, ProtocolFamily, Route } from '../router.js';

export const aiproxyLibraryFamily: ProtocolFamily = {
  name: 'aiproxy-library',
  errorBody: (error) => ({
    success: false,
    answer: '',
    documents: [],
    ErrCode: typeof error.code === 'number' ? error.code : error.status,
    Message: error.message ?? `request failed with status ${error.status}`,
  }),
  invalidKey: () => ({ status: 401, code: 401, message: 'Api-Key 无效' }),
  missingKey: () => ({ status: 401, code: 401, message: '缺少 Api-Key' }),
  defaultFailure: () => ({ status: 500, code: 500, message: 'internal error' }),
  baseHeaders: () => ({}),
};

/** A refusal inside a 200 answer, as the service sends for bad parameters. */
function refuse(ctx: HandlerContext, code: number, message: string) {
  return ctx.reply.json(aiproxyLibraryFamily.errorBody({ status: 200, code, message }));
}

function askHandler(ctx: HandlerContext) {
  if (!ctx.request.headers['api-key']) return ctx.reply.error(aiproxyLibraryFamily.missingKey());
  const { body, spec } = ctx;
  if (typeof body.library_id !== 'string' || !body.library_id)
    return refuse(ctx, 10001, 'library_id 不能为空');
  if (typeof body.query !== 'string' || !body.query) return refuse(ctx, 10002, 'query 不能为空');
  if (body.stream !== false && body.stream !== undefined) return refuse(ctx, 10003, '仅支持 stream=false');
  return ctx.reply.json({
    success: true,
    answer: spec.content ?? DEFAULT_REPLY,
    documents: [{ title: `${body.library_id} 手册`, url: `https://docs.example/${body.library_id}` }],
    ErrCode: 0,
    Message: '',
  });
}

export const aiproxyLibraryRoutes: Route[] = [
  {
    name: 'aiproxy-library.ask',
    method: 'POST',
    path: '/api/library/ask',
    family: aiproxyLibraryFamily,
    handle: askHandler,
  },
];
