import { describe, expect, it } from "vitest";
import {
  calendarNoticeMail,
  emailChangeConfirmMail,
  emailChangeDoneMail,
  emailChangedMail,
  emailChangeRequestedMail,
  includedMail,
  inclusionDeclinedMail,
  inclusionRequestMail,
  invitationMail,
  type OutboxMail,
  outboxTexts,
  rangeEs,
  recoveryMail,
  registryMail,
  renderMail,
} from "./templates.js";

describe("mail templates", () => {
  const expiresAt = new Date("2026-12-01T09:30:00Z");
  const notice = {
    fromCompany: "Fontanería Río S.L.",
    toCompany: "Ascensores Levante S.L.",
    community: "Comunidad Calle Mayor 1",
    communityAddress: "Calle Mayor 1, Madrid",
    visitStart: new Date("2026-12-01T07:00:00Z"),
    visitEnd: new Date("2026-12-01T11:00:00Z"),
    overlapStart: new Date("2026-12-01T08:00:00Z"),
    overlapEnd: new Date("2026-12-01T10:00:00Z"),
    comment: "Revisión de bajantes",
    otherTitle: "Mantenimiento",
    calendarLink: "http://localhost:3000/webapp/#/comunidades/comunidad/7/gremio/calendar",
  };
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

  it("every template reads the same after the JSON round trip, with its link and its dates", () => {
    const link = "http://localhost:3000/webapp/#/recovery?token=xyz";
    const change = { oldEmail: "antes@coordina.test", newEmail: "despues@coordina.test" };
    const mails: OutboxMail[] = [
      invitationMail({
        link,
        inviterCompany: "Colegio de Madrid",
        companyName: null,
        companyType: 20,
        joiningExisting: false,
        porter: false,
        expiresAt,
      }),
      invitationMail({
        link,
        inviterCompany: "Fincas Centro",
        companyName: "Fincas Centro",
        companyType: 30,
        joiningExisting: true,
        porter: true,
        expiresAt,
      }),
      recoveryMail({ link, expiresAt }),
      registryMail({ link, companyName: "Ascensores Levante", expiresAt }),
      emailChangedMail({ ...change, toOld: true }),
      emailChangedMail({ ...change, toOld: false }),
      emailChangeConfirmMail({ ...change, link, expiresAt }),
      emailChangeRequestedMail({ ...change, expiresAt }),
      emailChangeDoneMail({ ...change, toOld: true }),
      emailChangeDoneMail({ ...change, toOld: false }),
      includedMail({ companyName: "Ascensores Levante", colegioName: "Colegio de Madrid", link }),
      inclusionRequestMail({
        companyName: "Ascensores Levante",
        companyCif: "B12345674",
        requestedBy: "gestor@levante.test",
        message: "Trabajamos ya en vuestras comunidades",
        link,
      }),
      inclusionRequestMail({
        companyName: "Ascensores Levante",
        companyCif: "",
        requestedBy: "g@l.test",
        message: null,
        link,
      }),
      inclusionDeclinedMail({ companyName: "Ascensores Levante", colegioName: "Colegio de Madrid", link }),
      calendarNoticeMail({ ...notice, toAdministrator: false, link: `${link}&enterado` }),
      calendarNoticeMail({ ...notice, toAdministrator: true, link: notice.calendarLink }),
    ];
    expect(new Set(mails.map((m) => m.template)).size).toBe(11);
    for (const m of mails) {
      const rendered = renderMail(m.template, JSON.parse(JSON.stringify(m.values)));
      expect(rendered, m.template).toEqual(renderMail(m.template, m.values));
      expect(rendered.subject).toBe(m.subject);
      expect(rendered.text).not.toMatch(/undefined|null|Invalid Date|NaN/);
      expect(rendered.links).toEqual(m.link ? [m.link] : []);
      if ("expiresAt" in m.values) expect(rendered.text).toContain("01/12/2026, 10:30");
    }
  });

  it("says a coincidence in Madrid time, with 'Enterado' only for the provider told", () => {
    const ack = "http://localhost:3000/webapp/#/aviso?token=abc";
    const toProvider = renderMail("calendar-notice", { ...notice, toAdministrator: false, link: ack });
    expect(toProvider.text).toContain("Fontanería Río S.L. te avisa de que coincidiréis trabajando en la comunidad");
    expect(toProvider.text).toContain("Comunidad Calle Mayor 1 (Calle Mayor 1, Madrid)");
    expect(toProvider.text).toContain(
      "Visita de Fontanería Río S.L.: martes 1 de diciembre de 2026, de 08:00 a 12:00.",
    );
    expect(toProvider.text).toContain("Comentario: «Revisión de bajantes»");
    expect(toProvider.text).toContain(
      "Coincide con Ascensores Levante S.L. («Mantenimiento»): martes 1 de diciembre de 2026, de 09:00 a 11:00.",
    );
    expect(toProvider.text).toContain(`Enterado: ${ack}`);
    expect(toProvider.text).toContain(`Calendario de la comunidad: ${notice.calendarLink}`);
    expect(toProvider.links).toEqual([ack]);

    const toAdmin = renderMail("calendar-notice", { ...notice, toAdministrator: true, link: notice.calendarLink });
    expect(toAdmin.text).toContain("Fontanería Río S.L. ha avisado a Ascensores Levante S.L. de que coincidirán");
    expect(toAdmin.text).not.toContain("Enterado");
    expect(toAdmin.links).toEqual([notice.calendarLink]);
  });

  it("writes a stretch within a day, to midnight and across days", () => {
    expect(rangeEs("2026-12-01T21:00:00Z", "2026-12-01T23:00:00Z")).toBe(
      "martes 1 de diciembre de 2026, de 22:00 a 24:00",
    );
    expect(rangeEs("2026-12-01T21:00:00Z", "2026-12-02T01:00:00Z")).toBe(
      "del martes 1 de diciembre de 2026, 22:00, al miércoles 2 de diciembre de 2026, 02:00",
    );
    // the summer time of Madrid (UTC+2)
    expect(rangeEs("2026-07-01T07:00:00Z", "2026-07-01T09:30:00Z")).toBe(
      "miércoles 1 de julio de 2026, de 09:00 a 11:30",
    );
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
