export * from './env';
export * from './webhook-settings';
export * from './shutdown-deadline';
export * from './common-config';
