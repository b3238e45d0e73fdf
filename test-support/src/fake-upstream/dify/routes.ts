import type { Route } from '../router.js';
import { chatMessagesHandler } from './chat-messages.js';
import { difyFamily } from './family.js';

/** Dify's app API: chat apps only (completion apps and workflows are not faked). */
export const difyRoutes: Route[] = [
  {
    name: 'dify.chat-messages',
    method: 'POST',
    path: '/v1/chat-messages',
    family: difyFamily,
    handle: chatMessagesHandler,
  },
];
