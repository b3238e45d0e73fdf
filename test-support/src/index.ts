export * from './databases.js';
export * from './gateway.js';
export * from './api-client.js';
export * from './fake-upstream/index.js';
export * from './fake-epay.js';
export * from './relay-fixtures.js';
export * from './openai-errors.js';
export * from './fake-smtp.js';
