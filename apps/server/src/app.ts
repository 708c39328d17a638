import { randomUUID } from "node:crypto";
import path from "node:path";
import { ErrorKey, MAX_JSON_BODY_BYTES } from "@coordina/domain";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyReply, type FastifyServerOptions, type RouteOptions } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppConfig } from "./config.js";
import type { Database, Db } from "./db/client.js";
import { BackgroundTasks } from "./lib/background.js";
import { accountsRoutes } from "./modules/accounts/accounts.routes.js";
import { type AccountLimits, type AccountsContext, DEFAULT_ACCOUNT_LIMITS } from "./modules/accounts/context.js";
import { activitiesRoutes } from "./modules/activities/activities.routes.js";
import { adminProvidersRoutes } from "./modules/admin-providers/admin-providers.routes.js";
import { arrivalsRoutes } from "./modules/arrivals/arrivals.routes.js";
import { authRoutes } from "./modules/auth/auth.routes.js";
import { type AuthSettings, DEFAULT_AUTH_SETTINGS } from "./modules/auth/auth.service.js";
import { calendarRoutes } from "./modules/calendar/calendar.routes.js";
import { calendarFeedRoutes, icalFeedRoutes } from "./modules/calendar-feed/calendar-feed.routes.js";
import { calendarNoticesRoutes } from "./modules/calendar-notices/notices.routes.js";
import { colegiosRoutes } from "./modules/colegios/colegios.routes.js";
import { communitiesRoutes } from "./modules/communities/communities.routes.js";
import { communityProvidersRoutes } from "./modules/communities/community-providers.routes.js";
import { companiesRoutes } from "./modules/companies/companies.routes.js";
import { companyConfigsRoutes } from "./modules/company-configs/company-configs.routes.js";
import { companyDocumentsRoutes } from "./modules/company-documents/company-documents.routes.js";
import { complianceRoutes } from "./modules/compliance/compliance.routes.js";
import { scheduleFiguresWarmup } from "./modules/compliance/figures-warmup.js";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes.js";
import { scheduleDashboardRefresh } from "./modules/dashboard/dashboard-refresh.js";
import { documentsRoutes } from "./modules/documents/documents.routes.js";
import { type FileStore, LocalFileStore } from "./modules/files/file-store.js";
import { fileLinkRoutes, filesRoutes } from "./modules/files/files.routes.js";
import { UPLOAD_LIMITS } from "./modules/files/files.service.js";
import { healthRoutes } from "./modules/health/health.routes.js";
import { importsRoutes } from "./modules/imports/imports.routes.js";
import { inclusionRoutes } from "./modules/inclusion/inclusion.routes.js";
import { legalTextsRoutes } from "./modules/legal-texts/legal-texts.routes.js";
import { appInfoRoutes, devMailRoutes, mailViewerEnabled } from "./modules/mail/dev-mail.routes.js";
import { DEFAULT_MAIL_SETTINGS, Mailer, type MailSettings, smtpTransport } from "./modules/mail/mailer.js";
import { masterRoutes } from "./modules/master/master.routes.js";
import { porterDocumentsRoutes } from "./modules/porters/porter-documents.routes.js";
import { portersRoutes } from "./modules/porters/porters.routes.js";
import { readRequirementsRoutes } from "./modules/read-requirements/read-requirements.routes.js";
import { readingRoutes } from "./modules/reading/reading.routes.js";
import { schedulesRoutes } from "./modules/schedules/schedules.routes.js";
import { settingsRoutes } from "./modules/settings/settings.routes.js";
import { summariesRoutes } from "./modules/summaries/summaries.routes.js";
import { usersRoutes } from "./modules/users/users.routes.js";
import { authPlugin, type LiveSession } from "./plugins/auth.js";
import { registerCompression } from "./plugins/compression.js";
import { registerErrorHandling } from "./plugins/errors.js";
import { registerOpenApi } from "./plugins/openapi.js";
import { registerSecurityHeaders, securityHeaders } from "./plugins/security-headers.js";
import { SessionCache } from "./plugins/session-cache.js";
import { registerValidation } from "./plugins/validation.js";
import { registerWebApp } from "./plugins/web.js";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    /** work started by requests and finished after their answer */
    background: BackgroundTasks;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  logger?: FastifyServerOptions["logger"];
  auth?: Partial<AuthSettings>;
  /** mail worker timings (tests use short ones) */
  mail?: Partial<MailSettings>;
  /** limits on the calls that send e-mail */
  limits?: Partial<AccountLimits>;
  /** where file bytes live; by default `DATA_DIR/files` on local disk */
  fileStore?: FileStore;
  /** told of every route as it is declared, before any other hook (routes.test.ts lists them) */
  onRoute?: (route: RouteOptions) => void;
  /**
   * fill the figures caches at start-up and at each new day (scheduleFiguresWarmup), and keep the colegio
   * dashboards read today up to date (scheduleDashboardRefresh): main.ts turns it on; the tests' apps do
   * only when they test it
   */
  figuresWarmup?: boolean;
}

/**
 * Query parameters that carry secrets are masked before a URL reaches the logs, and so is the token of a
 * calendar feed's address (long-lived: whoever reads it reads the calendar).
 */
function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|shakey|password)=)[^&]*/gi, "$1[REDACTED]")
    .replace(/^(\/ical\/)[^/?]*/i, "$1[REDACTED]");
}

export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    redact: {
      paths: ["req.headers.authorization", "req.headers.authentication", "*.password", "*.token", "*.shakey"],
      censor: "[REDACTED]",
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}

/** Builds the whole HTTP application; `main.ts` listens, tests use `app.inject`. */
export async function buildApp(options: BuildAppOptions) {
  const { config, database } = options;
  const httpsOnly = config.publicUrl.startsWith("https://");
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: config.trustProxy,
    requestIdHeader: "x-request-id",
    genReqId: () => randomUUID(),
    // A URL the router cannot take (a parameter over its length limit, a broken %-escape) is answered
    // before any hook runs: in the envelope like every other failure, echoing nothing of the URL.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      reply.headers(securityHeaders(httpsOnly));
      reply.code(error.statusCode === 414 ? 414 : 400).send({ result: false, error: ErrorKey.invalidInput } as never);
    },
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook("onRoute", options.onRoute);

  // The API speaks JSON, and multipart for uploads (registered below, before the upload routes);
  // plain text bodies get 415.
  app.removeContentTypeParser("text/plain");
  registerValidation(app);
  app.decorate("db", database.db);
  app.decorate("config", config);
  registerErrorHandling(app);

  registerSecurityHeaders(app, httpsOnly);

  await registerOpenApi(app, httpsOnly);
  const warmup = options.figuresWarmup ? scheduleFiguresWarmup(database.db, app.log) : null;
  await app.register(healthRoutes, { databaseKind: database.kind, figuresDay: () => warmup?.warmedDay() ?? null });

  // Mail: written to the outbox by the services, sent by the worker when SMTP is configured.
  const mailer = new Mailer(
    database.db,
    app.log,
    config.smtpUrl ? smtpTransport(config.smtpUrl) : null,
    { ...DEFAULT_MAIL_SETTINGS, ...options.mail },
    config.mailFrom,
  );
  app.addHook("onReady", async () => mailer.start());
  if (warmup) {
    const refresh = scheduleDashboardRefresh(database.db, app.log);
    app.addHook("onReady", async () => {
      warmup.start();
      refresh.start();
    });
    app.addHook("onClose", async () => Promise.all([warmup.stop(), refresh.stop()]));
  }
  const authSettings: AuthSettings = { ...DEFAULT_AUTH_SETTINGS, ...options.auth };
  const sessions = new SessionCache<LiveSession>(authSettings.sessionCacheSeconds * 1000, 10_000);
  // Work done after an answer (an import) may change who may do what, as a request's may.
  const background = new BackgroundTasks(app.log, () => sessions.empty());
  app.decorate("background", background);
  // Work still running may yet write mail to the outbox: it ends before the mailer does.
  app.addHook("onClose", async () => {
    await background.idle();
    await mailer.stop();
  });
  const accounts: AccountsContext = {
    db: database.db,
    mailer,
    publicUrl: config.publicUrl,
    limits: { ...DEFAULT_ACCOUNT_LIMITS, ...options.limits },
    background,
  };

  let store = options.fileStore;
  if (!store) {
    const local = new LocalFileStore(path.join(config.dataDir, "files"));
    await local.init();
    store = local;
  }
  await app.register(fileLinkRoutes, { store });
  await app.register(icalFeedRoutes);

  await app.register(async (api) => {
    // The API's JSON only: the web app is served precompressed (plugins/web.ts).
    await registerCompression(api);
    await api.register(authPlugin, { sessions });
    await api.register(authRoutes, { settings: authSettings });
    await api.register(colegiosRoutes);
    await api.register(appInfoRoutes);
    await api.register(accountsRoutes, { ctx: accounts });
    await api.register(usersRoutes, { ctx: accounts });
    await api.register(settingsRoutes);
    await api.register(legalTextsRoutes);
    await api.register(companiesRoutes, { ctx: accounts });
    await api.register(inclusionRoutes, { ctx: accounts });
    await api.register(activitiesRoutes);
    await api.register(communitiesRoutes);
    await api.register(communityProvidersRoutes);
    await api.register(masterRoutes, { ctx: accounts });
    await api.register(summariesRoutes);
    await api.register(dashboardRoutes);
    await api.register(multipart, { limits: UPLOAD_LIMITS });
    await api.register(documentsRoutes, { store });
    await api.register(readingRoutes);
    await api.register(readRequirementsRoutes);
    await api.register(complianceRoutes);
    await api.register(companyDocumentsRoutes);
    await api.register(adminProvidersRoutes);
    await api.register(portersRoutes, { ctx: accounts });
    await api.register(porterDocumentsRoutes);
    await api.register(arrivalsRoutes);
    await api.register(schedulesRoutes);
    await api.register(companyConfigsRoutes);
    await api.register(calendarFeedRoutes);
    await api.register(calendarRoutes);
    await api.register(calendarNoticesRoutes, { ctx: accounts });
    await api.register(filesRoutes, { store });
    await api.register(importsRoutes, { ctx: accounts });
    if (mailViewerEnabled(config)) await api.register(devMailRoutes);
  });

  await registerWebApp(app, config.webDist);
  return app;
}
