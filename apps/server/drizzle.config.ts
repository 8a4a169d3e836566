import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The platform's tables, and each feature's in its own `<name>.schema.ts` (ADR 0073).
  schema: ['./src/schema.ts', './src/features/*/*.schema.ts'],
  out: './drizzle',
});
