/** The day ages are computed for in test builds and datasets, so expectations do not move with the calendar. */
export const TEST_AS_OF = '2026-11-21';

/** The time test builds record in the changes feed (BUILD_TIME), so that two builds of the same content write the same bytes. */
export const TEST_BUILD_TIME = `${TEST_AS_OF}T12:00:00`;
export const TEST_BUILT_AT = Date.parse(`${TEST_BUILD_TIME}Z`) / 1000;
