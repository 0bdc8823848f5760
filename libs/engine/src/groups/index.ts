/** Groups and life: strings, Benson's unconditional life, eye spaces and their values, group status and safety. */
export * from './strings';
export * from './benson';
export * from './eyespace';
export * from './status';
export * from './tactics';
export * from './cuts';
