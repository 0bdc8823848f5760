/** Dragons and their life and death by reading: the owl's verdict over the static group analysis. */
export * from './life';
export * from './refine';
