/** BullMQ queue names. One queue per kind of work so each scales and retries on its own. */
export const QueueName = {
  Positions: 'positions',
  Eyegraphs: 'eyegraphs',
  Webhooks: 'webhooks',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

/** All queues, in a stable order (for registration loops and metrics). */
export const ALL_QUEUES: readonly QueueName[] = [
  QueueName.Positions,
  QueueName.Eyegraphs,
  QueueName.Webhooks,
];

/** BullMQ job names; each belongs to exactly one queue (see `QueueOfJob`). */
export const JobName = {
  AnalyzePosition: 'analyze-position',
  AnalyzeEyegraph: 'analyze-eyegraph',
  DeliverWebhook: 'deliver-webhook',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

/** Which queue carries each job name. */
export const QueueOfJob = {
  [JobName.AnalyzePosition]: QueueName.Positions,
  [JobName.AnalyzeEyegraph]: QueueName.Eyegraphs,
  [JobName.DeliverWebhook]: QueueName.Webhooks,
} as const satisfies Record<JobName, QueueName>;
