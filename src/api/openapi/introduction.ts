// The opening text of the API's description (Markdown): what holds for every endpoint.
import { KEY_HEADER, RAPIDAPI_KEY_HEADER } from '../keys.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, RATE_LIMIT_PER_MINUTE } from '../limits.ts';

export const INTRODUCTION = `Read-only JSON over HTTP GET about professional boxing: fights, events, fighters, divisions,
organizations, titles and rankings.

**Authentication.** Every request carries an API key in the \`${KEY_HEADER}\` header (or in \`${RAPIDAPI_KEY_HEADER}\`, as
clients of the RapidAPI gateway send it): without one the answer is 401 \`MissingApiKey\`, with a key the service
does not accept 403 \`InvalidApiKey\`, with a key past its last day (UTC) 403 \`ApiKeyExpired\`, with two different
keys in the two headers 400 \`ConflictingApiKeys\`. This description, the documentation page and \`/health\` are
public.

**Limits.** Each client address may make ${RATE_LIMIT_PER_MINUTE} requests a minute, on every path; the one past them is
answered 429, with \`Retry-After\` in seconds where the API answers it (the hosting platform may answer it itself).

**Envelope.** Every answer is \`{metadata, pagination, error, data}\`: \`metadata.timestamp\` is when the answer was made
(UTC, microseconds, \`+00:00\`); \`error\` is \`{}\` on success; \`data\` is an array for lists and schedules and one
object for a get-one (whose pagination is page 1 of 1). An error has no pagination, \`data\` null and
\`error\` \`{name, code, message, status}\` (\`code\` repeats \`name\`).

**Paging.** \`page_size\` is 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}), \`page_num\` counts from 1, a page past the
last is empty and \`total_pages\` is \`ceil(total_items / page_size)\`. Divisions, organizations and titles come
whole in one page. For every record of a collection at once, download its export: \`/exports/\` lists each
collection's gzip-compressed NDJSON parts (one record a line, in the order of its list), each with its URL, size
and SHA-256.

**Values.** Date-times are UTC without an offset, \`YYYY-MM-DDTHH:MM:SS\` (\`updated_at\` with six decimals); date
parameters are UTC calendar days, \`YYYY-MM-DD\`, and ranges include both ends. Enumerations in parameters are
accepted in any letter case. A filter naming an id that does not exist gives an empty list; unknown parameters
are ignored. A trailing slash is optional on every path.

**HTTP.** GET, HEAD and OPTIONS (a CORS preflight, needing no key) are answered; any other method is 405.
Successful answers carry a weak \`ETag\` (answered with 304 to a matching \`If-None-Match\`) and
\`Cache-Control: private, max-age=60, must-revalidate\` (the CDN keeps them longer, behind the key check); an
export part, whose URL names its bytes, is \`immutable\` with its name as a strong \`ETag\`; \`/health\` and errors
are \`no-store\`. \`metadata.timestamp\` is the time the answer was made: a cached answer keeps it.`;
