/** NOTIFY channel an enqueue signals (payload: the job kind) so idle workers claim at once. */
export const JOBS_CHANNEL = 'fechai_jobs';
