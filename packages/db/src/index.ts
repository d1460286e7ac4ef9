export * as schema from './schema';
export * from './schema';
export * from './client';
export * from './data-dir-lock';
export * from './file-modes';
export * from './scratch-database';
export * from './prepared-statement';
export { startPgliteThread, type PgliteThread } from './pglite-thread';
