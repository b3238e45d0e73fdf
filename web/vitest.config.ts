import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    alias: { '@gateway/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['web/src/**/*.test.{ts,tsx}'],
    passWithNoTests: true,
  },
});
