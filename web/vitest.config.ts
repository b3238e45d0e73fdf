import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@gateway/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'web',
    // A project's root is this folder, so globs are relative to web/.
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup-dom.ts'],
    // VChart's ES modules import paths without extensions, which only a bundler resolves.
    deps: { optimizer: { client: { enabled: true, include: ['@visactor/react-vchart'] } } },
  },
});
