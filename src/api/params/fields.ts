// The parameters several endpoints share, as fields of their z.object: filters by id, the date
// sort and range, the page, and both schedules' parameters.
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, DEFAULT_SCHEDULE_DAYS, MAX_SCHEDULE_DAYS } from '../limits.ts';
import { DATE_SORT, kinds } from './kinds.ts';
import { defaulted, given, type More } from './rules.ts';

const { date, id, oneOf, wholeNumber } = kinds;

/** A filter by id. */
export const filter = (meaning: string) => given(id, `${meaning} An id that does not exist gives an empty list.`);

export const dateSort = defaulted(oneOf(DATE_SORT), 'DESC', 'Sort order by date (accepted in any letter case).');

/** `page_num`: the page of a paged list, from 1; `about` where an endpoint words it otherwise, and how it stands to the others. */
export const pageNum = ({
  about = 'Page number. A page past the last is an empty page.',
  ...more
}: { about?: string } & More = {}) => defaulted(kinds.pageNum, 1, about, more);

/** `page_size`: the items a page holds; `about` where an endpoint words it otherwise. */
export const pageSize = ({ about = 'Items per page.' }: { about?: string } = {}) =>
  defaulted(kinds.pageSize, DEFAULT_PAGE_SIZE, about);

/** `page_num` and `page_size` as most lists take them. */
export const paging = { page_num: pageNum(), page_size: pageSize() };

/** A date range: `date` for one day, `date_from` and `date_to` for a range. */
export const range = (what: string) => ({
  date: given(date, `Date of the ${what} (UTC day). With a range as well, both apply.`),
  date_from: given(date, 'Start of a date range (inclusive).'),
  date_to: given(date, 'End of a date range (inclusive); must not be before its start.'),
});

/** Both schedules' parameters. */
export const scheduleParams = z.object({
  days: defaulted(
    wholeNumber(0, MAX_SCHEDULE_DAYS),
    DEFAULT_SCHEDULE_DAYS,
    'Number of days from today to search: records from the start of today (UTC) through the end of today + days.',
  ),
  date_sort: dateSort,
  ...paging,
});
