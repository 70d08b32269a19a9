// @ts-check
import { defineConfig } from 'astro/config';
import { apiReference } from './src/astro/api-reference.ts';
import { boxingStore } from './src/astro/integration.ts';

// A static build: the pages (the documentation and the OpenAPI document) and the renderer's
// bundle are the public part of the site; the integration writes the store (every file the API
// reads) into dist/store/. The edge functions in netlify/edge-functions serve it, behind the
// API-key check.
export default defineConfig({
  output: 'static',
  build: { format: 'file' },
  trailingSlash: 'ignore',
  // The store's integration comes last: when its build:done runs, the folder holds every page
  // (the renderer's bundle included), which it keeps for later builds of this code.
  integrations: [apiReference(), boxingStore()],
});
