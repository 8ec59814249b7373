import type { TestProject } from 'vitest/node';
import { missingServices } from './services';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Why the cluster suite cannot run here (one line), or '' when PostgreSQL, NATS and Redis answer. */
    clusterMissing: string;
  }
}

/** Looks once for the services every cluster test needs, so a machine without them prints one line, not one per file. */
export default async function setup(project: TestProject): Promise<void> {
  const missing = await missingServices();
  if (missing) console.log(missing);
  project.provide('clusterMissing', missing ?? '');
}
