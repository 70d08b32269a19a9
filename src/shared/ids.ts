/** Ids travel in URL paths and file names, so they keep to a path-safe alphabet. */
export const ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const ID_RULE = '1-64 characters of a-z, 0-9, "-" or "_", starting with a letter or digit';
