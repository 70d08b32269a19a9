// The documentation page's try-it key goes into its meta element exactly as given, HTML-escaped:
// no character of a key is read as anything but text.
import { expect, it } from 'vitest';
import { TRY_IT_KEY_META, withTryItKey } from '../../../src/docs/try-it.ts';

const PAGE = `<html><head><meta name="${TRY_IT_KEY_META}" content=""><title>Docs</title></head></html>`;

it('fills in keys holding what String.replace reads as patterns, unchanged', () => {
  for (const key of ['a$&b', "x$'y", 'x$`y', '$1', '$$', '$<name>', 'k$0&"<>'])
    expect(withTryItKey(PAGE, key), key).toBe(
      `<html><head><meta name="${TRY_IT_KEY_META}" content="${key.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"><title>Docs</title></head></html>`,
    );
});

it('leaves a page without the slot as it is', () => {
  expect(withTryItKey('<html></html>', '$&')).toBe('<html></html>');
});
