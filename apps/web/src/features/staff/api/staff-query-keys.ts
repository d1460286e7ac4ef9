/** Query keys of the club's staff, starting with the club id. */
export const staffQueryKey = (companyId: string) => [companyId, 'staff'] as const;
