/**
 * The GTP command families: every exported `Record<name, handler>` is registered (registry.ts).
 * To add a family, add ONE line: `export { MY_GTP_COMMANDS } from './my-family';`
 */
export { CORE_GTP_COMMANDS } from './core';
export { BOARD_GTP_COMMANDS } from './board';
export { MAP_GTP_COMMANDS } from './maps';
export { EYE_GTP_COMMANDS } from './eyes';
export { TERRITORY_GTP_COMMANDS } from './territory';
export { READING_GTP_COMMANDS } from './reading';
export { ANALYZE_GTP_COMMANDS } from './analyze';
export { GOGUI_GTP_COMMANDS } from './gogui';
export { CONNECTION_GTP_COMMANDS } from './connection';
