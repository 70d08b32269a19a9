/**
 * The most NDJSON an export part holds in the tests' builds (EXPORT_PART_BYTES): far below the
 * layout's, so that the shipped dataset's collections are exported in several parts each. The
 * run's setup (run-temp.ts) puts it in the environment of every test and every process they start.
 */
export const TEST_EXPORT_PART_BYTES = 256 * 1024;
