// vitest globalSetup of the server tests (vitest.config.ts). On the PostgreSQL pass (TEST_DB=postgres)
// it builds the run's migrated template database before the workers start, hands its name to
// them (inject('pgTemplate') in test/harness.ts) and drops it when the run ends. The PGlite
// template needs nothing here: test/templates.ts builds it on first use and keeps it between runs.
import type { TestProject } from 'vitest/node';
import { createPostgresTemplate, dropPostgresTemplate } from './templates.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database of this run (PostgreSQL pass only). */
    pgTemplate: string | undefined;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !base) return undefined;
  const name = await createPostgresTemplate(base);
  project.provide('pgTemplate', name);
  return () => dropPostgresTemplate(base, name);
}
