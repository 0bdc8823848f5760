export * from './env';
export * from './webhook-settings';
