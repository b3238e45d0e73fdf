import type { Route } from '../router.js';
import { anthropicFamily } from './family.js';
import { countTokensHandler, messagesHandler } from './messages.js';

/** Anthropic's Messages API at its real paths. */
export const anthropicRoutes: Route[] = [
  {
    name: 'anthropic.count_tokens',
    method: 'POST',
    path: '/v1/messages/count_tokens',
    family: anthropicFamily,
    handle: countTokensHandler,
  },
  {
    name: 'anthropic.messages',
    method: 'POST',
    path: '/v1/messages',
    family: anthropicFamily,
    handle: messagesHandler,
  },
];
