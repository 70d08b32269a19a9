// The documentation page's try-it console can start with an API key filled in. The built page
// carries an empty slot for it; the local preview fills in its development key as it serves the
// page, and the deployed site leaves it empty, so no key is ever published with the site.

/** The meta element the page reads the key from: empty when there is none. */
export const TRY_IT_KEY_META = 'try-it-key';

const SLOT = new RegExp(`<meta name="${TRY_IT_KEY_META}" content="[^"]*">`);

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page with `key` in its slot (a page without the slot is returned as it is). */
export function withTryItKey(html: string, key: string): string {
  // A function, not a string: replace() would read `$&`, `$'` or `$1` in a key as patterns.
  return html.replace(SLOT, () => `<meta name="${TRY_IT_KEY_META}" content="${attribute(key)}">`);
}
