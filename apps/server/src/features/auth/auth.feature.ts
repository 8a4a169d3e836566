import { storedSecret } from '../../platform/crypto/secrets.ts';
import {
  type Feature,
  type FeatureDeps,
  type FeatureJoints,
  type FeatureModule,
  joint,
} from '../../platform/feature-module.ts';
import { defineJob } from '../../platform/jobs/job-queue.ts';
import { accountRoutes } from './account.routes.ts';
import {
  ACCOUNT_FILES_QUEUE,
  type AccountFilesJob,
  AccountService,
  accountFilesQueueSettings,
} from './account.service.ts';
import { authRepo } from './auth.repo.ts';
import { authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { AUTH_EMAIL_QUEUE, type AuthEmailJob, authEmailQueueSettings } from './auth-mail.ts';
import { RevokedSessions } from './revoked-sessions.ts';
import { AccessTokens } from './tokens.ts';
import { TrustedDevices } from './trusted-devices.ts';

type AuthSettings = {
  /** Fixed in the environment, or made and kept in app_secrets. */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  /** Served over HTTPS: the trusted-device cookie is Secure. */
  https: boolean;
  signupDisabled: boolean;
  adminEmails: string[];
};

/** The settings auth reads, as the configuration names them. */
type AuthConfig = Pick<AuthSettings, 'jwtSecret' | 'accessTokenTtlSeconds' | 'signupDisabled' | 'adminEmails'> & {
  publicUrl: string | undefined;
};

/**
 * Accounts and sessions (sign-up, sign-in, emailed links, passwords) and the signed-in user's own
 * account (email change, deletion, which asks billing's `hasRenewingSubscription` first).
 */
export const authFeature: Feature<AuthConfig> = {
  name: 'auth',
  build: (deps, config, joints) =>
    authModule(
      deps,
      {
        jwtSecret: config.jwtSecret,
        accessTokenTtlSeconds: config.accessTokenTtlSeconds,
        https: config.publicUrl?.startsWith('https://') ?? false,
        signupDisabled: config.signupDisabled,
        adminEmails: config.adminEmails,
      },
      // Asked when an account is deleted, or a session refreshed, long after every feature is built.
      {
        hasRenewingSubscription: (userId) => joint(joints, 'hasRenewingSubscription', 'auth')(userId),
        removalEndingSession: (sessionId) => joint(joints, 'removalEndingSession', 'auth')(sessionId),
      },
    ),
};

function authModule(
  deps: FeatureDeps,
  settings: AuthSettings,
  asked: Required<Pick<FeatureJoints, 'hasRenewingSubscription' | 'removalEndingSession'>>,
): FeatureModule {
  const { db } = deps;
  const revokedSessions = new RevokedSessions(db.$client.options, settings.accessTokenTtlSeconds, deps.logger);
  const { jwtSecret } = settings;
  const service = new AuthService({
    db,
    mailer: deps.mail,
    jobs: deps.jobs,
    rateLimiter: deps.limits,
    accessTokens: new AccessTokens(
      jwtSecret ? async () => jwtSecret : storedSecret(db, 'jwt'),
      settings.accessTokenTtlSeconds,
    ),
    revokedSessions,
    trustedDevices: new TrustedDevices(storedSecret(db, 'trusted-devices'), settings.https),
    refreshTokenSecret: storedSecret(db, 'refresh-tokens'),
    signupDisabled: settings.signupDisabled,
    adminEmails: settings.adminEmails,
    linkBase: deps.publicOrigin,
    removalEndingSession: asked.removalEndingSession,
  });
  const account = new AccountService({
    db,
    jobs: deps.jobs,
    rateLimiter: deps.limits,
    revokedSessions,
    storage: deps.storage,
    hasRenewingSubscription: asked.hasRenewingSubscription,
  });
  return {
    offers: {
      authenticateSession: (authorization) => service.authenticate(authorization),
      memberSessions: {
        endAll: (tx, userId) => authRepo.revokeUserSessions(tx, userId),
        refuse: (sessionIds) => revokedSessions.add(sessionIds),
        start: (tx, userId, origin) => service.startSessionOf(tx, userId, origin),
      },
    },
    routes: async (api) => {
      await api.register(authRoutes(service));
      await api.register(accountRoutes(account));
    },
    jobs: [
      defineJob<AuthEmailJob>({
        name: AUTH_EMAIL_QUEUE,
        settings: authEmailQueueSettings,
        handler: (job) => service.deliverEmailLink(job),
      }),
      defineJob<AccountFilesJob>({
        name: ACCOUNT_FILES_QUEUE,
        settings: accountFilesQueueSettings,
        handler: (job) => account.removeFiles(job),
      }),
    ],
    start: () => revokedSessions.start(),
    close: () => revokedSessions.stop(),
  };
}
