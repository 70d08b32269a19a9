/** The day ages are computed for in test builds and datasets, so expectations do not move with the calendar. */
export const TEST_AS_OF = '2026-11-21';
