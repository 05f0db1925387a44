import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { TConfig } from './config.js';
import type { Database } from './db/client.js';
import { createAccountRepository } from './modules/account/account.repository.js';
import { createAccountService } from './modules/account/account.service.js';
import { createAuthnRepository } from './modules/authn/authn.repository.js';
import { createAuthnService } from './modules/authn/authn.service.js';

export interface ServicesDeps {
  config: TConfig;
  database: Database;
  log: FastifyBaseLogger;
}

/**
 * Wires repositories into services once. HTTP routes, the CLI and background jobs all call these;
 * none of them touch the database directly.
 */
export function createServices({ config, database, log }: ServicesDeps) {
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;
  redis?.on('error', (err) => log.warn({ err }, 'redis error'));
  const authn = createAuthnService(createAuthnRepository(database.db));
  const account = createAccountService(createAccountRepository(database.db));
  return {
    config,
    database,
    redis,
    authn,
    account,
    async close() {
      if (redis) await redis.quit().catch(() => undefined);
    },
  };
}
export type Services = ReturnType<typeof createServices>;
