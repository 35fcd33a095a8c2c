import { CreateUsers1763780000000 } from './1763780000000-CreateUsers';

/** Listed explicitly (not globbed) so the same list works compiled, under jest ESM and in the CLI. */
export const migrations = [CreateUsers1763780000000];
