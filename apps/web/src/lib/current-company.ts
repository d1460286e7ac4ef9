import type { Company } from '@clube/shared';
import { createStoredValue, storageKeys, useStoredValue } from './storage';
import { parseCompany } from './stored-shapes';

const currentCompanyStore = createStoredValue<Company>(storageKeys.currentCompany, parseCompany);

export const getCurrentCompany = currentCompanyStore.get;
export const setCurrentCompany = currentCompanyStore.set;
export const clearCurrentCompany = currentCompanyStore.clear;

/** The stored club, or null before one is chosen. */
export function useStoredCompany(): Company | null {
  return useStoredValue(currentCompanyStore);
}

/**
 * The club the signed-in staff member works in. Only for pages rendered inside the app layout,
 * which does not render its pages until a club is known.
 */
export function useCurrentCompany(): Company {
  const company = useStoredCompany();
  if (!company) throw new Error('useCurrentCompany used outside the club layout');
  return company;
}
