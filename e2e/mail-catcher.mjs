#!/usr/bin/env node
// A real SMTP server for the browser journeys: the app started by Playwright sends its mail here
// (SMTP_URL), and the tests read what arrived over a small HTTP API: GET /messages?to=<address>.
import http from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const smtpPort = Number(process.env.MAIL_SMTP_PORT ?? 3125);
const httpPort = Number(process.env.MAIL_HTTP_PORT ?? 3126);
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, done) {
    simpleParser(stream)
      .then((mail) => {
        const to = (Array.isArray(mail.to) ? mail.to : [mail.to])
          .filter(Boolean)
          .flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase()));
        messages.push({
          to,
          subject: mail.subject ?? "",
          text: mail.text ?? "",
          html: mail.html || "",
          date: Date.now(),
        });
        done();
      })
      .catch(done);
  },
});
smtp.listen(smtpPort, "127.0.0.1");

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    res.setHeader("content-type", "application/json");
    if (url.pathname === "/health") return res.end('{"ok":true}');
    if (url.pathname === "/messages") {
      const to = url.searchParams.get("to")?.toLowerCase();
      return res.end(JSON.stringify(to ? messages.filter((m) => m.to.includes(to)) : messages));
    }
    res.statusCode = 404;
    res.end("{}");
  })
  .listen(httpPort, "127.0.0.1");

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
