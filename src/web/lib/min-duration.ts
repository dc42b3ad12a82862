/**
 * Settles like `work`, but not before `ms` have passed: a busy state members must be able to see
 * (the plan's 'Setting up...' for its second) does not flash by when the server is quick.
 * A failure is passed on at once, so an error is never held back.
 */
export async function withMinimumDuration<T>(work: Promise<T>, ms: number): Promise<T> {
  const [result] = await Promise.all([work, new Promise<void>((resolve) => setTimeout(resolve, ms))]);
  return result;
}
