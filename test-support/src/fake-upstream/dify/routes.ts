import type { Route } from '../router.js';
import { chatMessagesHandler, completionMessagesHandler } from './chat-messages.js';
import { difyFamily } from './family.js';
import { workflowsRunHandler } from './workflows-run.js';

/** Dify's app API: chat apps, completion apps and workflows. */
export const difyRoutes: Route[] = [
  {
    name: 'dify.chat-messages',
    method: 'POST',
    path: '/v1/chat-messages',
    family: difyFamily,
    handle: chatMessagesHandler,
  },
  {
    name: 'dify.completion-messages',
    method: 'POST',
    path: '/v1/completion-messages',
    family: difyFamily,
    handle: completionMessagesHandler,
  },
  {
    name: 'dify.workflows-run',
    method: 'POST',
    path: '/v1/workflows/run',
    family: difyFamily,
    handle: workflowsRunHandler,
  },
];
