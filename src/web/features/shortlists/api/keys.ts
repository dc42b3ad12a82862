/** Query keys of shortlists, in one place so mutations invalidate the right data. */
export const shortlistKeys = {
  all: ['shortlists'] as const,
};
