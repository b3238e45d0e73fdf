import type { Route } from '../router.js';
import { geminiFamily } from './family.js';
import { countTokensHandler, generateHandler } from './generate.js';

/** Gemini's generateContent API at its real paths (`/v1beta/models/gemini-x:generateContent`). */
export const geminiRoutes: Route[] = [
  {
    name: 'gemini.generate',
    method: 'POST',
    path: /^\/(?<version>v1|v1beta|v1alpha)\/models\/(?<model>[^/:]+):(?<method>generateContent|streamGenerateContent)$/,
    family: geminiFamily,
    handle: generateHandler,
  },
  {
    name: 'gemini.count_tokens',
    method: 'POST',
    path: /^\/(?<version>v1|v1beta|v1alpha)\/models\/(?<model>[^/:]+):countTokens$/,
    family: geminiFamily,
    handle: countTokensHandler,
  },
];
