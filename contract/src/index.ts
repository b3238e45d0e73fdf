export * from './enums.js';
export * from './channel-types.js';
export * from './options/index.js';
export * from './api/envelope.js';
export * from './api/setup.js';
export * from './api/status.js';
export * from './api/users.js';
