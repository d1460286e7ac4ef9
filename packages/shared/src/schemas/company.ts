import { z } from 'zod';

export const companySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  timezone: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const companyListSchema = z.object({ items: z.array(companySchema) });
export type CompanyList = z.infer<typeof companyListSchema>;
