import { ROLE_DISPLAY_NAME, type RoleNumber } from "@coordina/domain";

/** A rendered e-mail: Spanish subject, plain text and HTML, and the links it carries. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/**
 * A message as the outbox stores it until it is sent: its template and the values to fill it with
 * (JSON: a date becomes ISO text), and its subject for the lists. It is rendered when it goes out (and
 * in the development mail viewer): an import of 10,000 providers stores 10,000 of these, some 300 bytes
 * each, instead of 10,000 rendered messages of 3.5 KB in the server's memory and in its database.
 */
export interface OutboxMail {
  template: MailTemplate;
  subject: string;
  values: object;
  /** the link it carries, logged when there is no SMTP server */
  link: string | null;
}

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );

/**
 * One formatter for every mail: each Intl.DateTimeFormat holds about 25 KB of ICU memory outside the JS
 * heap until it is collected, and an import of 10,000 providers mails 10,000 links.
 */
const DATE_ES = new Intl.DateTimeFormat("es-ES", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Madrid",
});
/** A date of a message's values: a Date when it is made, ISO text once stored. */
type When = Date | string;
const dateEs = (date: When) => DATE_ES.format(new Date(date));

/** A day and a time in words, in Madrid: 'martes 1 de diciembre de 2026' and '09:00'. */
const DAY_TIME_ES = new Intl.DateTimeFormat("es-ES", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Europe/Madrid",
});
function dayAndTime(date: When) {
  const part = Object.fromEntries(DAY_TIME_ES.formatToParts(new Date(date)).map((p) => [p.type, p.value]));
  return { day: `${part.weekday} ${part.day} de ${part.month} de ${part.year}`, time: `${part.hour}:${part.minute}` };
}
/**
 * A stretch of time in Madrid: 'martes 1 de diciembre de 2026, de 09:00 a 11:00' within a day (one that
 * ends at midnight ends 'a 24:00'), 'del martes 1 de diciembre de 2026, 22:00, al miércoles 2 de diciembre
 * de 2026, 02:00' across days.
 */
export function rangeEs(start: When, end: When): string {
  const from = dayAndTime(start);
  const to = dayAndTime(end);
  if (from.day === to.day) return `${from.day}, de ${from.time} a ${to.time}`;
  const lastMinute = dayAndTime(new Date(new Date(end).getTime() - 60_000));
  if (to.time === "00:00" && lastMinute.day === from.day) return `${from.day}, de ${from.time} a 24:00`;
  return `del ${from.day}, ${from.time}, al ${to.day}, ${to.time}`;
}

interface Block {
  title: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
}

/** One layout for every message: the text part and an HTML part with inline styles (mail clients). */
function render(subject: string, block: Block): MailContent {
  const text = [
    block.title,
    "",
    ...block.paragraphs.flatMap((p) => [p, ""]),
    ...(block.action ? [`${block.action.label}: ${block.action.url}`, ""] : []),
    ...(block.after ?? []).flatMap((p) => [p, ""]),
    "—",
    "Coordina · Coordinación de actividades empresariales en comunidades de propietarios",
    "Este mensaje se ha enviado automáticamente; no respondas a esta dirección.",
  ].join("\n");
  const p = (s: string) => `<p style="margin:0 0 14px;line-height:1.5">${escapeHtml(s)}</p>`;
  const button = block.action
    ? `<p style="margin:22px 0"><a href="${escapeHtml(block.action.url)}" style="background:#1c7ed6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block;font-weight:600">${escapeHtml(block.action.label)}</a></p>
<p style="margin:0 0 14px;font-size:13px;color:#555">Si el botón no funciona, copia esta dirección en tu navegador:<br><a href="${escapeHtml(block.action.url)}" style="color:#1c7ed6;word-break:break-all">${escapeHtml(block.action.url)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#212529">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:28px">
<h1 style="font-size:20px;margin:0 0 18px">${escapeHtml(block.title)}</h1>
${block.paragraphs.map(p).join("\n")}
${button}
${(block.after ?? []).map(p).join("\n")}
<hr style="border:none;border-top:1px solid #dee2e6;margin:24px 0 12px">
<p style="margin:0;font-size:12px;color:#868e96">Coordina · Coordinación de actividades empresariales en comunidades de propietarios.<br>Este mensaje se ha enviado automáticamente; no respondas a esta dirección.</p>
</div></body></html>`;
  return { subject, text, html, links: block.action ? [block.action.url] : [] };
}

/** The button of a link that works once until `expiresAt`, and what to do when the reader did not ask for it. */
const singleUseLink = (label: string, url: string, expiresAt: When, ifNotAsked: string) => ({
  action: { label, url },
  after: [`El enlace solo sirve una vez y caduca el ${dateEs(expiresAt)}.`, ifNotAsked],
});

interface Template<V> {
  subject: string;
  block: (values: V) => Block;
}
const template = <V>(subject: string, block: (values: V) => Block): Template<V> => ({ subject, block });

const TEMPLATES = {
  invitation: template(
    "Invitación a Coordina",
    (input: {
      link: string;
      inviterCompany: string;
      companyName: string | null;
      companyType: number;
      joiningExisting: boolean;
      porter: boolean;
      expiresAt: When;
    }) => {
      const level = ROLE_DISPLAY_NAME[input.companyType as RoleNumber] ?? "";
      const what = input.joiningExisting
        ? `te ha invitado a unirte como usuario de ${input.companyName ?? "su compañía"} en Coordina.`
        : input.porter
          ? "te ha invitado a registrarte como portero en Coordina, la plataforma de coordinación de actividades empresariales de tus comunidades."
          : `te ha invitado a dar de alta ${input.companyName ? `«${input.companyName}»` : "tu compañía"} como ${level} en Coordina.`;
      return {
        title: "Te han invitado a Coordina",
        paragraphs: [
          `${input.inviterCompany} ${what}`,
          input.porter
            ? "Para aceptar, abre el enlace, completa tus datos (NIF/CIF y dirección) y elige tu contraseña."
            : "Para aceptar, abre el enlace y elige tu contraseña. La cuenta se creará en ese momento.",
        ],
        action: { label: "Aceptar la invitación", url: input.link },
        after: [
          `El enlace es personal, solo sirve una vez y caduca el ${dateEs(input.expiresAt)}.`,
          "Si no esperabas esta invitación, ignora este mensaje: no se creará ninguna cuenta.",
        ],
      };
    },
  ),

  recovery: template("Recuperación de contraseña de Coordina", (input: { link: string; expiresAt: When }) => ({
    title: "Recuperación de contraseña",
    paragraphs: [
      "Hemos recibido una petición para cambiar la contraseña de tu cuenta de Coordina.",
      "Abre el enlace y elige una contraseña nueva. Al cambiarla se cerrarán las sesiones abiertas en otros equipos.",
    ],
    ...singleUseLink(
      "Cambiar la contraseña",
      input.link,
      input.expiresAt,
      "Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambiará.",
    ),
  })),

  /** The link to finish a registration: the provider's own (/registry), or one a colegio made (`registeredBy`). */
  registry: template(
    "Completa tu registro en Coordina",
    (input: { link: string; companyName: string; expiresAt: When; registeredBy?: string }) => ({
      title: "Bienvenido a Coordina",
      paragraphs: [
        input.registeredBy
          ? `${input.registeredBy} ha dado de alta a «${input.companyName}» en Coordina, la plataforma donde se coordina la documentación de prevención de riesgos laborales de las comunidades.`
          : `Hemos recibido el registro de «${input.companyName}» como proveedor de servicios en Coordina.`,
        "Para terminar, abre el enlace y elige la contraseña con la que accederás. Tu usuario es esta dirección de e-mail.",
      ],
      ...singleUseLink(
        "Completar el registro",
        input.link,
        input.expiresAt,
        "Si no te has registrado tú, ignora este mensaje.",
      ),
    }),
  ),

  "email-changed": template(
    "Tu e-mail de acceso a Coordina ha cambiado",
    (input: { oldEmail: string; newEmail: string; toOld: boolean }) => ({
      title: "Cambio de e-mail de acceso",
      paragraphs: input.toOld
        ? [
            `El e-mail de acceso de tu cuenta de Coordina ha cambiado de ${input.oldEmail} a ${input.newEmail}.`,
            "A partir de ahora inicia sesión con la dirección nueva.",
            "Si no has hecho tú este cambio, contacta de inmediato con tu colegio o con el soporte de Coordina.",
          ]
        : [
            `Esta dirección es ahora el e-mail de acceso de una cuenta de Coordina (antes ${input.oldEmail}).`,
            "Inicia sesión con ella y tu contraseña de siempre.",
          ],
    }),
  ),

  /** Mis datos: the link, sent to the new address only, that makes it the login once opened. */
  "email-change-confirm": template(
    "Confirma tu nuevo e-mail de acceso a Coordina",
    (input: { link: string; oldEmail: string; newEmail: string; expiresAt: When }) => ({
      title: "Confirma tu nuevo e-mail",
      paragraphs: [
        `Se ha pedido que ${input.newEmail} sea el e-mail de acceso de la cuenta de Coordina que ahora usa ${input.oldEmail}.`,
        "El cambio se hará cuando abras el enlace. Después, inicia sesión con esta dirección y tu contraseña de siempre: se cerrarán las sesiones abiertas.",
      ],
      ...singleUseLink(
        "Confirmar el cambio de e-mail",
        input.link,
        input.expiresAt,
        "Si no lo has pedido tú, ignora este mensaje: la cuenta no cambiará.",
      ),
    }),
  ),

  /** Mis datos: the current address learns a change was asked for (no link: only the new address confirms). */
  "email-change-requested": template(
    "Petición de cambio de tu e-mail de acceso a Coordina",
    (input: { oldEmail: string; newEmail: string; expiresAt: When }) => ({
      title: "Petición de cambio de e-mail",
      paragraphs: [
        `Se ha pedido cambiar el e-mail de acceso de tu cuenta de Coordina (${input.oldEmail}) a ${input.newEmail}.`,
        `Hemos enviado un enlace de confirmación a ${input.newEmail}. Nada cambia hasta que se abra, y caduca el ${dateEs(input.expiresAt)}.`,
        "Si no lo has pedido tú, cambia tu contraseña desde '¿Has olvidado tu contraseña?' en la página de acceso: la petición quedará anulada y se cerrarán todas las sesiones. Después contacta con tu colegio o con el soporte de Coordina.",
      ],
    }),
  ),

  /** Mis datos: the change was confirmed from the new address; both addresses are told. */
  "email-change-done": template(
    "Tu e-mail de acceso a Coordina ha cambiado",
    (input: { oldEmail: string; newEmail: string; toOld: boolean }) => ({
      title: "Cambio de e-mail de acceso",
      paragraphs: input.toOld
        ? [
            `El e-mail de acceso de tu cuenta de Coordina ha cambiado de ${input.oldEmail} a ${input.newEmail}: el cambio se ha confirmado desde la dirección nueva.`,
            "Se han cerrado las sesiones abiertas y los enlaces enviados a esta dirección ya no funcionan. A partir de ahora inicia sesión con la dirección nueva.",
            "Si no has hecho tú este cambio, contacta de inmediato con tu colegio o con el soporte de Coordina.",
          ]
        : [
            `Esta dirección es ahora el e-mail de acceso de tu cuenta de Coordina (antes ${input.oldEmail}).`,
            "Se han cerrado las sesiones abiertas: inicia sesión con esta dirección y tu contraseña de siempre.",
          ],
    }),
  ),

  /** A colegio included an existing company (the NIF form): its manager learns which one, and can object. */
  included: template(
    "Tu empresa se ha incluido en un colegio de Coordina",
    (input: { companyName: string; colegioName: string; link: string }) => ({
      title: "Nueva relación con un colegio",
      paragraphs: [
        `${input.colegioName} ha incluido a «${input.companyName}» entre sus empresas en Coordina.`,
        "A partir de ahora podrás trabajar también con sus administradores y en sus comunidades.",
        "Si no reconoces esta relación, contacta con el colegio o con el soporte de Coordina.",
      ],
      action: { label: "Entrar en Coordina", url: input.link },
    }),
  ),

  /** A provider asks a colegio to include it (issue 21): the colegio's users learn who, and where to answer. */
  "inclusion-request": template(
    "Un proveedor pide unirse a tu colegio en Coordina",
    (input: {
      companyName: string;
      companyCif: string;
      requestedBy: string;
      message: string | null;
      link: string;
    }) => ({
      title: "Solicitud de inclusión",
      paragraphs: [
        `«${input.companyName}» (NIF/CIF ${input.companyCif || "sin indicar"}) pide que el colegio la incluya entre sus proveedores en Coordina. La solicitud la envía ${input.requestedBy}.`,
        ...(input.message ? [`Su mensaje: «${input.message}»`] : []),
        "Puedes incluirla o rechazarla desde la lista de proveedores del colegio, en 'Solicitudes de inclusión'.",
      ],
      action: { label: "Ver las solicitudes", url: input.link },
    }),
  ),

  /** The colegio declined a provider's request: its manager learns which colegio. */
  "inclusion-declined": template(
    "Tu solicitud de inclusión en un colegio de Coordina",
    (input: { companyName: string; colegioName: string; link: string }) => ({
      title: "Solicitud de inclusión no aceptada",
      paragraphs: [
        `${input.colegioName} no ha aceptado incluir a «${input.companyName}» entre sus proveedores en Coordina.`,
        "Si crees que es un error, contacta con el colegio. Puedes pedírselo de nuevo o solicitar la inclusión en otro colegio.",
      ],
      action: { label: "Entrar en Coordina", url: input.link },
    }),
  ),

  /**
   * A provider tells another of a coincidence in a community's calendar (issue 22): the receiving
   * provider gets the 'Enterado' link (`link`), the community's administrator (`toAdministrator`) the
   * calendar's as its button.
   */
  "calendar-notice": template(
    "Coincidencia en el calendario de una comunidad en Coordina",
    (input: {
      fromCompany: string;
      toCompany: string;
      community: string;
      communityAddress: string;
      visitStart: When;
      visitEnd: When;
      overlapStart: When;
      overlapEnd: When;
      /** the notifier's comment on its visit ('' when none) */
      comment: string;
      /** the other side's entry comment or schedule title ('' when none) */
      otherTitle: string;
      calendarLink: string;
      toAdministrator: boolean;
      /** the 'Enterado' link (the receiving provider's mail); the calendar's in the administrator's */
      link: string;
    }) => {
      const where = input.communityAddress ? `${input.community} (${input.communityAddress})` : input.community;
      return {
        title: "Coincidencia de trabajos en una comunidad",
        paragraphs: [
          input.toAdministrator
            ? `${input.fromCompany} ha avisado a ${input.toCompany} de que coincidirán trabajando en la comunidad ${where}.`
            : `${input.fromCompany} te avisa de que coincidiréis trabajando en la comunidad ${where}.`,
          `Visita de ${input.fromCompany}: ${rangeEs(input.visitStart, input.visitEnd)}.`,
          ...(input.comment ? [`Comentario: «${input.comment}»`] : []),
          `Coincide con ${input.toCompany}${input.otherTitle ? ` («${input.otherTitle}»)` : ""}: ${rangeEs(input.overlapStart, input.overlapEnd)}.`,
          "Según el RD 171/2004, las empresas que trabajan a la vez en un mismo lugar deben informarse de sus riesgos y coordinar sus medidas de prevención.",
        ],
        action: input.toAdministrator
          ? { label: "Ver el calendario", url: input.link }
          : { label: "Enterado", url: input.link },
        after: input.toAdministrator
          ? []
          : [
              "Pulsa 'Enterado' para dejar constancia de que has recibido el aviso.",
              `Calendario de la comunidad: ${input.calendarLink}`,
            ],
      };
    },
  ),
};

export type MailTemplate = keyof typeof TEMPLATES;
type ValuesOf<T extends MailTemplate> = Parameters<(typeof TEMPLATES)[T]["block"]>[0];

function message<T extends MailTemplate>(name: T, values: ValuesOf<T>): OutboxMail {
  return {
    template: name,
    subject: TEMPLATES[name].subject,
    values,
    link: "link" in values ? values.link : null,
  };
}

export const invitationMail = (values: ValuesOf<"invitation">) => message("invitation", values);
export const recoveryMail = (values: ValuesOf<"recovery">) => message("recovery", values);
export const registryMail = (values: ValuesOf<"registry">) => message("registry", values);
export const emailChangedMail = (values: ValuesOf<"email-changed">) => message("email-changed", values);
export const emailChangeConfirmMail = (values: ValuesOf<"email-change-confirm">) =>
  message("email-change-confirm", values);
export const emailChangeRequestedMail = (values: ValuesOf<"email-change-requested">) =>
  message("email-change-requested", values);
export const emailChangeDoneMail = (values: ValuesOf<"email-change-done">) => message("email-change-done", values);
export const includedMail = (values: ValuesOf<"included">) => message("included", values);
export const inclusionRequestMail = (values: ValuesOf<"inclusion-request">) => message("inclusion-request", values);
export const inclusionDeclinedMail = (values: ValuesOf<"inclusion-declined">) => message("inclusion-declined", values);
export const calendarNoticeMail = (values: ValuesOf<"calendar-notice">) => message("calendar-notice", values);

/** The message a stored template and its values make (an unknown template is an error: nothing to send). */
export function renderMail(name: string, values: unknown): MailContent {
  if (!Object.hasOwn(TEMPLATES, name)) throw new Error(`plantilla de correo desconocida: ${name}`);
  const chosen = TEMPLATES[name as MailTemplate] as Template<unknown>;
  return render(chosen.subject, chosen.block(values));
}

/**
 * The texts of a message of the outbox: those it keeps once settled (or was stored with, before templates
 * were), else rendered from its template and values.
 */
export function outboxTexts(row: {
  template: string | null;
  template_values: unknown;
  text: string | null;
  html: string | null;
}): { text: string; html: string } {
  if (row.text !== null && row.html !== null) return { text: row.text, html: row.html };
  const { text, html } = renderMail(row.template ?? "", row.template_values);
  return { text, html };
}
