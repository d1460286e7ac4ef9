/** The public address of a stored file (served by routes/uploads). */
export function uploadUrlOf(key: string): string {
  return `/api/uploads/${key}`;
}
