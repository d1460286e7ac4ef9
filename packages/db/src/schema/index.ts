// The one entry of the Drizzle schema: the client, drizzle-kit and the snapshot check read every
// table through it. The tables live per domain; `./columns` holds shared column helpers, not tables.
export * from './people';
export * from './places';
export * from './members';
export * from './bookings';
export * from './audit';
export * from './messages';
export * from './jobs';
export * from './waitlists';
export * from './guests';
export * from './special-days';
export * from './reports';
