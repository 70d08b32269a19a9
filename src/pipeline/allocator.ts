// The C library's allocator settings a build runs with. On Linux, glibc's malloc keeps much of
// what a long build frees: once a large block is freed it raises the size it serves from its own
// heap (up to 32 MB, which takes in the build's typed columns, packed texts and file batches),
// and such blocks, freed between others, stay in the process; every worker thread (the content's
// scanners, the file writer) adds arenas of its own. A fixed threshold returns every block of
// 128 KB and more to the system when freed, and two arenas serve all threads. Measured on the
// store's build of a million fights: peak RSS 824 MB with glibc's defaults, 663 MB with these.
// The allocator reads them when the process starts, so they are set for the process that
// builds, not in it. Settings already in the environment (not empty) are kept; other C
// libraries (musl, macOS, Windows) ignore them.

export const BUILD_ALLOCATOR: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
};

/** The allocator settings `env` gives a process: those this module names, null where unset or empty (as glibc takes them). */
export function allocatorSettings(env: NodeJS.ProcessEnv = process.env): Record<string, string | null> {
  return Object.fromEntries(Object.keys(BUILD_ALLOCATOR).map((name) => [name, env[name] || null]));
}

/** `env` with the build's allocator settings where it has none of its own. */
export function withBuildAllocator(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const own = allocatorSettings(env);
  const given: NodeJS.ProcessEnv = { ...env };
  for (const [name, value] of Object.entries(BUILD_ALLOCATOR)) if (own[name] === null) given[name] = value;
  return given;
}
