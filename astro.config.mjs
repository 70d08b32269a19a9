// @ts-check
import { defineConfig } from 'astro/config';
import { boxingStore } from './src/astro/integration.ts';

// A static build: the integration writes the store (every file the API reads) into dist/store/.
// The edge functions in netlify/edge-functions serve it, behind the API-key check.
export default defineConfig({
  output: 'static',
  build: { format: 'file' },
  trailingSlash: 'ignore',
  integrations: [boxingStore()],
});
