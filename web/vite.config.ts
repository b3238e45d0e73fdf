import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const gateway = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The console validates with the same zod schemas the server uses, straight from source.
    alias: { '@gateway/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)) },
  },
  server: {
    proxy: { '/api': gateway, '/v1': gateway, '/pg': gateway },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the console: separate chunks stay cached across releases.
        codeSplitting: {
          // Only what the first page load needs is grouped ($initial); libraries that only lazily
          // loaded pages use (VChart, Semi's chat and Markdown renderer) stay with those pages.
          groups: [
            { name: 'semi', test: /node_modules[\\/]@douyinfe[\\/]/, tags: ['$initial'] },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              tags: ['$initial'],
            },
            // marked stays out: it loads only for pages that render Markdown.
            { name: 'vendor', test: /node_modules[\\/](?!marked[\\/])/, tags: ['$initial'] },
          ],
        },
      },
    },
    // Semi's Form brings every field component, so its chunk is about 1.4 MB minified (cached);
    // VChart (about 2 MB) loads only with the dashboard.
    chunkSizeWarningLimit: 2100,
  },
});
