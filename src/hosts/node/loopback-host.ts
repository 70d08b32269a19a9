// Whether a request's Host names this machine, for what only this machine's own pages may see
// (the documentation page's key). Any other name that resolves here (DNS rebinding) makes a page
// same-origin with the preview's, so only the loopback names themselves count, spelled exactly.

/** localhost, 127.0.0.1 or [::1], with or without a port: nothing before, after or inside them. */
const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::(\d{1,5}))?$/i;

/** Whether a Host header, as the client sent it (undefined: none), is one of this machine's loopback names. */
export function isLoopbackHost(host: string | undefined): boolean {
  const match = host === undefined ? null : LOOPBACK_HOST.exec(host);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65535);
}
