import type { Route } from '../router.js';
import { embedHandler } from './embed.js';
import { geminiFamily } from './family.js';
import { countTokensHandler, generateHandler } from './generate.js';
import { predictHandler } from './predict.js';

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
  {
    name: 'gemini.embed',
    method: 'POST',
    path: /^\/(?<version>v1|v1beta|v1alpha)\/models\/(?<model>[^/:]+):(?<method>embedContent|batchEmbedContents)$/,
    family: geminiFamily,
    handle: embedHandler,
  },
  {
    name: 'gemini.predict',
    method: 'POST',
    path: /^\/(?<version>v1|v1beta|v1alpha)\/models\/(?<model>[^/:]+):predict$/,
    family: geminiFamily,
    handle: predictHandler,
  },
];
