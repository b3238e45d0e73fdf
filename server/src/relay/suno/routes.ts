import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { acceptStrictJson } from '../../platform/http/error-handler.js';
import { authenticateRelay } from '../auth/relay-auth.js';
import { RelayError } from '../errors.js';
import { submitSunoTask } from './submit.js';
import { userTasks } from './task-store.js';
import { badRequest, errorBody, fetchBody, parseAction, taskDto } from './wire.js';

/**
 * The Suno task relay (`/suno/...`, channel type 36) with the gateway's API keys. Every answer,
 * errors included, is in the Suno API's `{code, message, data}` shape.
 */
export async function sunoRoutes(app: FastifyInstance, ctx: AppContext) {
  acceptStrictJson(app);
  app.setErrorHandler((error: FastifyError | RelayError, request: FastifyRequest, reply: FastifyReply) => {
    let relayError: RelayError;
    if (error instanceof RelayError) relayError = error;
    else if (error.statusCode && error.statusCode < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? '请求体不是合法的 JSON' : error.message;
      relayError = new RelayError(error.statusCode, message, 'invalid_request');
    } else {
      request.log.error({ err: error }, 'suno request failed');
      relayError = new RelayError(500, 'internal error', 'internal_error');
    }
    void reply.code(relayError.status).send(errorBody(relayError));
  });
  const caller = (request: FastifyRequest) => authenticateRelay(request, ctx, ctx.relay.tokens);

  app.post('/suno/submit/:action', async (request, reply) => {
    const who = await caller(request);
    const action = parseAction((request.params as { action: string }).action);
    if (!action) throw badRequest('不支持的任务类型，应为 music 或 lyrics', 'invalid_action');
    await submitSunoTask(ctx.relay, request, reply, who, action);
  });

  app.post('/suno/fetch', async (request) => {
    const who = await caller(request);
    const parsed = fetchBody.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest('ids 应为任务 ID 列表', 'invalid_request');
    const rows = await userTasks(ctx, who.user.id, parsed.data.ids, parsed.data.action);
    return { code: 'success', message: '', data: rows.map(taskDto) };
  });

  app.get('/suno/fetch/:id', async (request) => {
    const who = await caller(request);
    const id = (request.params as { id: string }).id;
    const [row] = await userTasks(ctx, who.user.id, [id]);
    if (!row) throw badRequest('task_not_exist', 'task_not_exist');
    return { code: 'success', message: '', data: taskDto(row) };
  });
}
