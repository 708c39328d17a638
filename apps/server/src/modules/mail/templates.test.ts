import { describe, expect, it } from "vitest";
import { outboxTexts, registryMail, renderMail } from "./templates.js";

describe("mail templates", () => {
  const expiresAt = new Date("2026-12-01T09:30:00Z");
  const mail = registryMail({
    link: "http://localhost:3000/webapp/#/invitation?token=abc",
    companyName: "Limpiezas <Sol> & Hijos",
    expiresAt,
    registeredBy: "Colegio de Madrid",
  });

  it("reads the same once stored as JSON (the date as ISO text) as when it was made", () => {
    const stored = JSON.parse(JSON.stringify(mail.values));
    expect(typeof stored.expiresAt).toBe("string");
    const rendered = renderMail(mail.template, stored);
    expect(rendered).toEqual(renderMail(mail.template, mail.values));
    expect(rendered.subject).toBe(mail.subject);
    expect(rendered.text).toContain("caduca el 01/12/2026, 10:30");
    expect(rendered.html).toContain("«Limpiezas &lt;Sol&gt; &amp; Hijos»");
    expect(rendered.links).toEqual([mail.link]);
  });

  it("renders a message still waiting, and keeps the texts of one already settled", () => {
    const waiting = { template: mail.template, template_values: mail.values, text: null, html: null };
    expect(outboxTexts(waiting).text).toContain("Colegio de Madrid ha dado de alta a «Limpiezas <Sol> & Hijos»");
    expect(outboxTexts({ ...waiting, text: "enviado", html: "<p>enviado</p>" })).toEqual({
      text: "enviado",
      html: "<p>enviado</p>",
    });
  });

  it("refuses a template it does not know, so that nothing empty goes out", () => {
    expect(() => renderMail("toString", {})).toThrow(/plantilla de correo desconocida/);
    expect(() => outboxTexts({ template: null, template_values: null, text: null, html: null })).toThrow();
  });
});
