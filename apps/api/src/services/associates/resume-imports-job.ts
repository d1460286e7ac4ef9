import { z } from 'zod';
import { defineJob } from '../../lib/jobs/jobs';
import { resumeAssociateImports } from './import-associates';

/**
 * Finishes the associates imports a crash interrupted while writing, and drops the ones
 * interrupted while their file was checked (docs/decisions/007); queued by each server at
 * start-up. `staleStagingMs`: how old a checking import must be to count as interrupted (0 on
 * the embedded database, where nothing else can be checking a file). Refused while an import
 * runs in this process: tried again later.
 */
export const resumeImportsJob = defineJob({
  name: 'resume-associate-imports',
  payload: z.object({ staleStagingMs: z.number().int().nonnegative().optional() }),
  async handle(payload, context) {
    const { resumed, abandoned } = await resumeAssociateImports(context.db, payload);
    if (resumed > 0 || abandoned > 0) {
      context.log.info({ resumed, abandoned }, 'interrupted associates imports finished');
    }
  },
});
