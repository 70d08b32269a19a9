// The RapidAPI gateway: when the API is sold through it, the gateway checks its subscribers'
// keys and counts their requests, and sends each request on with the secret the provider set
// (RAPIDAPI_PROXY_SECRET) and who asked. Its headers are read here; what they carry is text a
// client may have written, shortened and cleaned before it is logged.

/** The secret the gateway sends with every request it forwards. */
export const PROXY_SECRET_HEADER = 'x-rapidapi-proxy-secret';
/** The gateway's name for its subscriber. */
export const GATEWAY_USER_HEADER = 'x-rapidapi-user';
/** The subscriber's plan (BASIC, PRO, ...). */
export const GATEWAY_PLAN_HEADER = 'x-rapidapi-subscription';

/** The most characters of a header's text a log line keeps. */
export const LOGGED_TEXT_LENGTH = 64;

/** C0 and C1 control characters and DEL: nothing a log line shows. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** A header's text as a log line may hold it: at most LOGGED_TEXT_LENGTH characters, control characters replaced; null for none. */
export function loggedText(value: string | null): string | null {
  if (value === null || value === '') return null;
  return value.slice(0, LOGGED_TEXT_LENGTH).replace(CONTROL, '\ufffd');
}

/** Who a forwarded request is for, as the log names it: `rapidapi:<user>` (no key's name holds a colon), and the plan. */
export function gatewayCaller(headers: Headers): { name: string; plan: string | null } {
  return {
    name: `rapidapi:${loggedText(headers.get(GATEWAY_USER_HEADER)) ?? '(unnamed)'}`,
    plan: loggedText(headers.get(GATEWAY_PLAN_HEADER)),
  };
}
