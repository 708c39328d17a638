import { ROLE_DISPLAY_NAME, type RoleNumber } from "@coordina/domain";

/** A rendered e-mail: Spanish subject, plain text and HTML, and the links it carries. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

const escapeHtml = (value: string) =>
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
const dateEs = (date: Date) => DATE_ES.format(date);

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
const singleUseLink = (label: string, url: string, expiresAt: Date, ifNotAsked: string) => ({
  action: { label, url },
  after: [`El enlace solo sirve una vez y caduca el ${dateEs(expiresAt)}.`, ifNotAsked],
});

export function invitationMail(input: {
  link: string;
  inviterCompany: string;
  companyName: string | null;
  companyType: number;
  joiningExisting: boolean;
  porter: boolean;
  expiresAt: Date;
}): MailContent {
  const level = ROLE_DISPLAY_NAME[input.companyType as RoleNumber] ?? "";
  const what = input.joiningExisting
    ? `te ha invitado a unirte como usuario de ${input.companyName ?? "su compañía"} en Coordina.`
    : input.porter
      ? "te ha invitado a registrarte como portero en Coordina, la plataforma de coordinación de actividades empresariales de tus comunidades."
      : `te ha invitado a dar de alta ${input.companyName ? `«${input.companyName}»` : "tu compañía"} como ${level} en Coordina.`;
  return render("Invitación a Coordina", {
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
  });
}

export function recoveryMail(input: { link: string; expiresAt: Date }): MailContent {
  return render("Recuperación de contraseña de Coordina", {
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
  });
}

/** The link to finish a registration: the provider's own (/registry), or one a colegio made (`registeredBy`). */
export function registryMail(input: {
  link: string;
  companyName: string;
  expiresAt: Date;
  registeredBy?: string;
}): MailContent {
  return render("Completa tu registro en Coordina", {
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
  });
}

export function emailChangedMail(input: { oldEmail: string; newEmail: string; toOld: boolean }): MailContent {
  return render("Tu e-mail de acceso a Coordina ha cambiado", {
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
  });
}

/** Mis datos: the link, sent to the new address only, that makes it the login once opened. */
export function emailChangeConfirmMail(input: {
  link: string;
  oldEmail: string;
  newEmail: string;
  expiresAt: Date;
}): MailContent {
  return render("Confirma tu nuevo e-mail de acceso a Coordina", {
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
  });
}

/** Mis datos: the current address learns a change was asked for (no link: only the new address confirms). */
export function emailChangeRequestedMail(input: { oldEmail: string; newEmail: string; expiresAt: Date }): MailContent {
  return render("Petición de cambio de tu e-mail de acceso a Coordina", {
    title: "Petición de cambio de e-mail",
    paragraphs: [
      `Se ha pedido cambiar el e-mail de acceso de tu cuenta de Coordina (${input.oldEmail}) a ${input.newEmail}.`,
      `Hemos enviado un enlace de confirmación a ${input.newEmail}. Nada cambia hasta que se abra, y caduca el ${dateEs(input.expiresAt)}.`,
      "Si no lo has pedido tú, cambia tu contraseña desde '¿Has olvidado tu contraseña?' en la página de acceso: la petición quedará anulada y se cerrarán todas las sesiones. Después contacta con tu colegio o con el soporte de Coordina.",
    ],
  });
}

/** Mis datos: the change was confirmed from the new address; both addresses are told. */
export function emailChangeDoneMail(input: { oldEmail: string; newEmail: string; toOld: boolean }): MailContent {
  return render("Tu e-mail de acceso a Coordina ha cambiado", {
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
  });
}

/** A colegio included an existing company (the NIF form): its manager learns which one, and can object. */
export function includedMail(input: { companyName: string; colegioName: string; link: string }): MailContent {
  return render("Tu empresa se ha incluido en un colegio de Coordina", {
    title: "Nueva relación con un colegio",
    paragraphs: [
      `${input.colegioName} ha incluido a «${input.companyName}» entre sus empresas en Coordina.`,
      "A partir de ahora podrás trabajar también con sus administradores y en sus comunidades.",
      "Si no reconoces esta relación, contacta con el colegio o con el soporte de Coordina.",
    ],
    action: { label: "Entrar en Coordina", url: input.link },
  });
}
