/**
 * The API package's entry for tools outside the app (the benchmark): what they may use of it,
 * and nothing else. The server itself starts from ./server.ts.
 */
export { defaultDatabasePoolSize, defaultRequestConcurrency } from './config';
export { hashPassword } from './lib/password';
export { createCompany } from './services/companies/create-company';
export { createStaff } from './services/staff/create-staff';
export { clubDayRange } from './services/appointments/day-grid';
