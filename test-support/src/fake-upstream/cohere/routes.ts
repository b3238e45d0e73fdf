import type { Route } from '../router.js';
import { cohereChatHandler } from './chat.js';
import { cohereFamily } from './family.js';

/**
 * Cohere's v1 chat. Its `/v1/rerank` shares the path of the OpenAI family's Jina/Cohere-style
 * rerank route, which already answers in Cohere's shape (see README).
 */
export const cohereRoutes: Route[] = [
  { name: 'cohere.chat', method: 'POST', path: '/v1/chat', family: cohereFamily, handle: cohereChatHandler },
];
