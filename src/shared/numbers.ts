// Numbers as the API's messages and the commands' lines write them: "1,234,567", "52.3". Written
// out here rather than by toLocaleString, whose first call loads the locale data: 20 to 30 ms of
// every process's start, and of an edge function's cold start (the API's error messages, which
// name numbers, are made as its modules load).

/**
 * A number with a comma between each group of three digits of its whole part: 1234567.5 ->
 * "1,234,567.5". For the numbers written (whole numbers, and rates to three figures) the text
 * toLocaleString('en-US') gives; it keeps every decimal (toLocaleString rounds to three).
 */
export function grouped(n: number): string {
  const [whole, fraction] = String(n).split('.');
  const digits = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? digits : `${digits}.${fraction}`;
}
