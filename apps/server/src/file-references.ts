import { features } from './features/index.ts';

/**
 * Every feature's references to stored files, as each manifest declares them (ADR 0073): the orphan
 * sweep deletes an old upload only when none of them names it; a test fails while a column
 * referring to `files` is in none of them.
 */
export const fileReferences = features.flatMap((feature) => feature.fileReferences ?? []);
