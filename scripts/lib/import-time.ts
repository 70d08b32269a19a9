// Prints how long importing the edge function module takes, in milliseconds (for the benchmark).
export {};

const started = performance.now();
await import('../../netlify/edge-functions/api.ts');
console.log((performance.now() - started).toFixed(3));
