export * from './define.js';
export * from './registry.js';
export * from './validate.js';
export * from './model-price-defaults.js';
