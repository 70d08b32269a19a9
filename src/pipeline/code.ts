// Which of the project's files a build's output depends on: the code under src/ and the locked
// packages, less the code that only serves a build (the Node preview, Netlify's emulator, the live
// preview, the command lines). What only tests or measures a build is kept out of src/ (in test/
// and scripts/), so it needs no place here. Editing those neither makes a build stale nor drops
// its saved state; the API document, which the build writes, reads the store with
// src/hosts/node/folder-store.ts, which stays in.
export const BUILD_CODE = ['src/**/*'];

export const NOT_BUILD_CODE = [
  'src/cli/**',
  'src/dev/**',
  'src/hosts/emulator/**',
  'src/hosts/node/!(folder-store).ts',
];
