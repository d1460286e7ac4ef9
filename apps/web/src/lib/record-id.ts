import { idSchema } from '@clube/shared';

/** Whether an id taken from the URL can name a record at all (ids are uuids). */
export function isWellFormedId(id: string): boolean {
  return idSchema.safeParse(id).success;
}
