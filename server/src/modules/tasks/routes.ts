import { pageQuery, selfTaskListQuery, taskListQuery, type Page, type TaskView } from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok, parseInput } from '../../platform/http/api-error.js';
import { currentUser } from '../../platform/http/auth.js';
import { taskPage, toTaskView } from './query.js';

/** /api/task/...: every asynchronous task for admins, a user's own tasks for everyone signed in. */
export async function taskRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/task/', { preHandler: ctx.guards.admin }, async (request) => {
    const filters = parseInput(taskListQuery, request.query);
    const page = parseInput(pageQuery, request.query);
    const { rows, total } = await taskPage(ctx.db, filters, page);
    const items = rows.map((row) => toTaskView(row, true));
    return ok<Page<TaskView>>({ items, total, page: page.page, page_size: page.pageSize });
  });

  app.get('/task/self', { preHandler: ctx.guards.user }, async (request) => {
    const filters = parseInput(selfTaskListQuery, request.query);
    const page = parseInput(pageQuery, request.query);
    const { rows, total } = await taskPage(ctx.db, { ...filters, userId: currentUser(request).id }, page);
    const items = rows.map((row) => toTaskView(row, false));
    return ok<Page<TaskView>>({ items, total, page: page.page, page_size: page.pageSize });
  });
}
