// @ts-check
import { defineConfig } from 'astro/config';

// A static build: every endpoint under src/pages becomes a file in dist/. The edge function in
// netlify/edge-functions serves them (and computes the rest) behind the API-key check.
export default defineConfig({
  output: 'static',
  build: { format: 'file' },
  trailingSlash: 'ignore',
});
