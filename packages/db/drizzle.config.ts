import { defineConfig } from 'drizzle-kit';

// Only for `drizzle-kit generate`; migrations are applied from code at start-up (PGlite cannot run
// drizzle-kit migrate: it would not load the extensions).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './drizzle',
});
