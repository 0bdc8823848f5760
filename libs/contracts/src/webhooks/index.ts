export * from './ssrf';
