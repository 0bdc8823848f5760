export * from './queue-names';
export * from './payloads';
export * from './job-id';
export * from './job-options';
export * from './webhook-delivery';
export * from './webhook-secret-box';
export * from './webhook-events';
export * from './webhook-signature';
