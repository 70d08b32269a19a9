// Netlify's build plugin that keeps what the next build needs in the build cache; its code is in
// src/hosts/netlify/build-plugin.ts.
export { onPreBuild, onSuccess } from '../../../src/hosts/netlify/build-plugin.ts';
