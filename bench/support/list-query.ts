// The list query every list bench sends: the dashboard's first page.
export const LIST_QUERY = 'page=1&pageSize=20&sortBy=publishedAt&sortOrder=desc';
