export * from './databases.js';
export * from './gateway.js';
export * from './api-client.js';
