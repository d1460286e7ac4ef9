import { createQueryClient } from '@/lib/query-client';

/** The portal's data cache (same retry and cache rules as the back office's). */
export const portalQueryClient = createQueryClient();
