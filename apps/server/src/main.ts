import path from "node:path";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { type Database, openPglite, openPostgres } from "./db/client.js";
import { DataDirLockedError, lockDataDir } from "./db/lock.js";
import { retireDemoPasswords, seedDemo, seedDemoDocuments } from "./db/seed/demo.js";

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let database: Database | undefined;
  let retired = 0;
  try {
    database = config.databaseUrl
      ? await openPostgres(config.databaseUrl, config.databasePoolSize)
      : await openPglite(path.join(config.dataDir, "db"));
    await database.migrate();
    if (config.demo) {
      const demo = await seedDemo(database.db);
      await seedDemoDocuments(database.db, demo.colegio.id);
    } else {
      retired = await retireDemoPasswords(database.db);
    }

    const app = await buildApp({ config, database, figuresWarmup: true });
    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      { database: database.kind, demo: config.demo, startupMs: Math.round(performance.now() - started) },
      `Coordina escuchando en ${config.publicUrl}/webapp/`,
    );
    if (retired > 0) {
      app.log.warn(
        { accounts: retired },
        "Fuera del modo demostración: las cuentas de demostración ya no pueden entrar.",
      );
    }
    if (config.demo && !config.hostDefaulted && !/^(127\.|::1$|localhost$)/.test(config.host)) {
      app.log.warn(
        { host: config.host },
        `Modo demostración abierto a la red (HOST=${config.host}): las cuentas de demostración comparten una ` +
          "contraseña pública y el visor de correo solo responde a este equipo. No lo uses con datos reales.",
      );
    }
    if (config.demo && config.hostDefaulted) {
      app.log.warn(
        { host: config.host },
        `Modo demostración: solo se admiten conexiones desde este equipo (${config.host}). ` +
          "Las cuentas de demostración comparten una contraseña pública; define HOST para escuchar en otra interfaz.",
      );
    }

    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, "shutting down");
      await app.close();
      await database?.close();
      release();
      process.exit(0);
    };
    process.on("SIGINT", () => void shutdown("SIGINT"));
    process.on("SIGTERM", () => void shutdown("SIGTERM"));
  } catch (err) {
    await database?.close().catch(() => {});
    release();
    throw err;
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error("Coordina no ha podido arrancar:", err);
  }
  process.exit(1);
});
