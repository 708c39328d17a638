import { Role, TERMS_UPDATED } from "@coordina/domain";
import { dayjs } from "../../app/dates";

/**
 * Conditions of use shown in the legal-notice pop-up (spec 01 §2, §4, §5; spec 02 "Legal texts and terms
 * popup" and §9; DOMAIN.md "Data protection"). Providers (role 20) and administrators (role 15) each have
 * their own text; the administrators' one adds the data-processor agreement of art. 28 GDPR.
 */
interface TermsClause {
  title: string;
  paragraphs: string[];
}

interface TermsSection {
  /** stable id, used as the accordion value */
  id: string;
  title: string;
  paragraphs: string[];
  /** numbered clauses under the section (the data-processor agreement) */
  clauses?: TermsClause[];
}

export interface TermsText {
  title: string;
  /** 'Última actualización: …' */
  updated: string;
  intro: string[];
  sections: TermsSection[];
}

/** 'Última actualización: 30 de enero de 2024' for a version's date (a day, or an ISO date and time read here). */
export const updatedText = (date: string) => `Última actualización: ${dayjs(date).format("D [de] MMMM [de] YYYY")}`;

const TERMS_UPDATED_TEXT = updatedText(TERMS_UPDATED);

// ── Pieces shared by both texts ──

const PLATFORM_PURPOSE =
  "Coordina es una plataforma en línea para la coordinación de actividades empresariales (CAE) en comunidades de propietarios, conforme al artículo 24 de la Ley 31/1995, de 8 de noviembre, de Prevención de Riesgos Laborales, y al Real Decreto 171/2004, de 30 de enero, que lo desarrolla. Su finalidad es facilitar el intercambio, la consulta y el control de la documentación de prevención de riesgos laborales entre las comunidades de propietarios, sus administradores y las empresas y profesionales que trabajan en ellas.";

const PARTIES =
  "Intervienen en la plataforma: (a) la entidad titular y operadora de Coordina (en adelante, «el Titular»), que presta el servicio técnico y da soporte a los usuarios; (b) el Colegio de Administradores de Fincas que promueve su uso entre sus colegiados (en adelante, «el Colegio»), que define la documentación exigible y colabora en su revisión; (c) los administradores de fincas, que gestionan las comunidades de propietarios y actúan por cuenta de ellas; (d) los proveedores, es decir, las empresas y los trabajadores autónomos que prestan servicios en las comunidades (mantenimiento, limpieza, obras, ascensores, jardinería, seguridad, etc.); y (e) los porteros y conserjes de las comunidades.";

const ACCEPTANCE =
  "El acceso a la plataforma atribuye la condición de usuario e implica la aceptación plena de estas condiciones en la versión publicada en cada momento. Quien actúa en nombre de una empresa declara tener facultades suficientes para aceptarlas en nombre de esta.";

const accessSection = (onBehalfOf: string, subject: string): TermsSection => ({
  id: "acceso",
  title: "Acceso, usuario y contraseña",
  paragraphs: [
    `El acceso se realiza con un usuario, que es la dirección de correo electrónico de la persona usuaria, y una contraseña. El usuario es personal e intransferible: cada persona que actúe en nombre ${onBehalfOf} debe disponer de su propio acceso, que el gestor de la cuenta puede dar de alta desde la sección «Usuarios». No está permitido compartir credenciales entre varias personas ni facilitarlas a terceros.`,
    "La contraseña debe tener más de ocho caracteres y combinar letras mayúsculas, letras minúsculas, números y símbolos. Debe ser distinta de las que se utilicen en otros servicios, guardarse de forma confidencial y cambiarse de inmediato si existe sospecha de que otra persona la conoce. El Titular nunca pedirá la contraseña por correo electrónico ni por teléfono.",
    "El usuario responde de las actuaciones realizadas con sus credenciales mientras no haya comunicado su pérdida o su uso indebido. Si olvida la contraseña puede restablecerla mediante el enlace de recuperación, que se envía a la dirección de correo registrada y caduca pasado un tiempo.",
    `${subject} debe mantener actualizados el correo electrónico de acceso y los datos de la empresa (denominación, NIF/CIF y datos de contacto), y desactivar, o pedir que se desactiven, los usuarios de quienes dejen de trabajar para la empresa.`,
  ],
});

const FALSE_DOCUMENTS =
  "La aportación de documentos falsos, alterados o que no se correspondan con la realidad puede tener consecuencias legales y es causa de bloqueo de la cuenta. Quien aporta un documento responde de su exactitud frente a las comunidades, los administradores y los terceros afectados.";

const REVIEW_SCOPE =
  "La revisión comprueba que el documento corresponde al tipo requerido, que es legible y que está vigente. No constituye una auditoría, una certificación ni una garantía de que la empresa cumple la normativa de prevención de riesgos laborales, cumplimiento que sigue siendo responsabilidad exclusiva de cada empresa.";

const USE_IN_GOOD_FAITH =
  "Los usuarios se comprometen a utilizar la plataforma con diligencia, de buena fe y conforme a la ley, a estas condiciones y al orden público, y únicamente para la coordinación de actividades empresariales para la que se ofrece.";

const FORBIDDEN_USES =
  "En particular, queda prohibido: (a) introducir programas maliciosos o cualquier contenido que pueda dañar o sobrecargar los sistemas; (b) acceder o intentar acceder a cuentas, documentos o datos de otros usuarios, o a zonas restringidas de la plataforma; (c) descargar de forma masiva o automatizada la información; (d) suplantar a otra persona o empresa; y (e) subir contenidos ilícitos, ofensivos o ajenos a la finalidad del servicio.";

const DAMAGES =
  "Cada usuario responde de los daños y perjuicios que cause al Titular, al Colegio, a las comunidades, a los administradores, a los proveedores o a terceros por el incumplimiento de estas condiciones o de la normativa aplicable.";

const blockingSection: TermsSection = {
  id: "bloqueo",
  title: "Bloqueo y suspensión de cuentas",
  paragraphs: [
    "El Titular, por propia iniciativa o a petición del Colegio, puede bloquear, suspender o desactivar una cuenta o un usuario cuando detecte un uso indebido de la plataforma, como la aportación de documentos falsos, el uso compartido de credenciales, el acceso o intento de acceso a información ajena, el uso de la plataforma para fines distintos de los previstos o cualquier otro incumplimiento de estas condiciones o de la ley.",
    "También puede bloquear un acceso de forma cautelar cuando haya indicios de que las credenciales se han visto comprometidas, para proteger la cuenta y los datos que contiene.",
    "Salvo que la urgencia o la gravedad de los hechos lo impidan, se informará al usuario de la medida adoptada y de su motivo, y podrá formular alegaciones y solicitar su revisión. El bloqueo debido a un incumplimiento del usuario no da derecho a indemnización alguna.",
  ],
};

const GDPR_FRAMEWORK =
  "Los datos personales se tratan conforme al Reglamento (UE) 2016/679 del Parlamento Europeo y del Consejo, de 27 de abril de 2016, General de Protección de Datos (RGPD), y a la Ley Orgánica 3/2018, de 5 de diciembre, de Protección de Datos Personales y garantía de los derechos digitales (LOPDGDD).";

const GDPR_ROLES =
  "En el tratamiento de la documentación de coordinación de actividades empresariales, cada comunidad de propietarios es la responsable del tratamiento; el administrador de fincas trata los datos por cuenta de la comunidad como encargado del tratamiento (artículo 28 del RGPD); y el Titular y el Colegio intervienen como subencargados del tratamiento, por cuenta del administrador y siguiendo sus instrucciones. La base jurídica del tratamiento es el cumplimiento de las obligaciones legales de coordinación establecidas en el artículo 24 de la Ley 31/1995 y en el Real Decreto 171/2004 (artículo 6.1.c del RGPD).";

const MINIMISATION =
  "Rige el principio de minimización de datos: solo deben subirse los datos adecuados, pertinentes y limitados a lo necesario para la coordinación. Siempre que sea posible se aportarán certificados en lugar de la documentación de origen; por ejemplo, el certificado de estar al corriente con la Seguridad Social en lugar de nóminas, recibos de salarios o relaciones de cotización; el certificado de formación en prevención en lugar de expedientes personales; y el resultado de aptitud («apto») del reconocimiento médico en lugar de informes médicos. No deben subirse datos de salud, nóminas, datos bancarios ni otros datos que no sean necesarios para la finalidad indicada.";

const ACCOUNT_DATA =
  "Los datos de las cuentas de usuario (correo electrónico de acceso, empresa y registros de acceso y actividad) se tratan para prestar el servicio, mantener la seguridad de la plataforma y enviar los avisos propios del servicio, como invitaciones, recuperación de contraseña o caducidad de documentos. La documentación se conserva mientras dure la relación que justifica la coordinación y, después, solo durante los plazos exigidos por la normativa aplicable o para atender posibles responsabilidades, transcurridos los cuales se suprime.";

const RIGHTS =
  "Los interesados pueden ejercer sus derechos de acceso, rectificación, supresión, oposición, limitación del tratamiento y portabilidad ante la comunidad responsable, a través de su administrador, o dirigiéndose al Titular, que trasladará la solicitud a quien corresponda. Tienen también derecho a presentar una reclamación ante la Agencia Española de Protección de Datos (www.aepd.es).";

const SECURITY_AND_TRANSFERS =
  "El Titular aplica medidas técnicas y organizativas apropiadas al riesgo, como el cifrado de las comunicaciones, el control de accesos por perfiles, el registro de la actividad y las copias de seguridad. Los datos no se comunican a terceros ajenos a la coordinación salvo obligación legal, y no se transfieren fuera del Espacio Económico Europeo sin las garantías previstas en el capítulo V del RGPD.";

const intellectualPropertySection: TermsSection = {
  id: "propiedad-intelectual",
  title: "Propiedad intelectual e industrial",
  paragraphs: [
    "La plataforma, su software, su diseño, sus textos, logotipos y marcas y los demás elementos que la integran son titularidad del Titular o de terceros que le han autorizado su uso, y están protegidos por la normativa de propiedad intelectual e industrial.",
    "Se concede al usuario un derecho de uso limitado, no exclusivo, intransferible y revocable, únicamente para utilizar la plataforma conforme a estas condiciones mientras su cuenta esté activa. No está permitido reproducir, distribuir, comunicar públicamente o transformar la plataforma, descompilarla o aplicarle ingeniería inversa, ni extraer de forma sistemática sus contenidos.",
    "Los documentos que suben los usuarios siguen siendo de su titularidad o de la de sus autores. El usuario autoriza al Titular a almacenarlos, reproducirlos y mostrarlos a las partes autorizadas en la medida necesaria para prestar el servicio, sin ningún otro uso.",
  ],
};

const liabilitySection: TermsSection = {
  id: "responsabilidad",
  title: "Limitación de responsabilidad",
  paragraphs: [
    "El Titular pone los medios razonables para que la plataforma esté disponible y funcione correctamente, pero no garantiza la ausencia de interrupciones o errores. Podrá suspender temporalmente el servicio por mantenimiento, actualizaciones o causas de fuerza mayor, y procurará avisar con antelación cuando sea posible.",
    "El Titular y el Colegio no responden de la veracidad, exactitud o vigencia de los documentos y datos aportados por los usuarios, ni de las decisiones que las comunidades, los administradores o los proveedores adopten a partir de ellos, ni del cumplimiento por cada empresa de sus obligaciones en materia de prevención de riesgos laborales.",
    "Tampoco responden de los daños causados por el uso indebido de las credenciales por el usuario o por las personas a quienes este las haya facilitado, ni de los causados por elementos dañinos introducidos por terceros pese a las medidas de seguridad adoptadas.",
    "Nada de lo anterior excluye ni limita la responsabilidad que no pueda excluirse o limitarse conforme a la ley, en particular la derivada de dolo o culpa grave.",
  ],
};

const changesSection: TermsSection = {
  id: "modificaciones",
  title: "Modificación de las condiciones",
  paragraphs: [
    "El Titular puede modificar estas condiciones para adaptarlas a cambios normativos, técnicos o del propio servicio. La fecha de la última actualización figura al principio del texto.",
    "Cuando los cambios sean relevantes se avisará a los usuarios y se les pedirá que acepten de nuevo las condiciones en su siguiente acceso. Quien no las acepte no podrá seguir utilizando la plataforma, sin perjuicio de su derecho a solicitar la baja y la supresión de sus datos en los términos legalmente previstos.",
  ],
};

const lawSection: TermsSection = {
  id: "ley-aplicable",
  title: "Legislación aplicable y jurisdicción",
  paragraphs: [
    "Estas condiciones se rigen por la legislación española.",
    "Para cualquier controversia derivada de su interpretación o cumplimiento, las partes se someten a los juzgados y tribunales españoles que resulten competentes conforme a la normativa aplicable.",
    "Si alguna cláusula fuera declarada nula o inaplicable, el resto de las condiciones conservará su validez, y la cláusula afectada se sustituirá por otra que se ajuste lo más posible a su finalidad.",
  ],
};

// ── Providers (role 20) ──

const PROVIDER_TERMS: TermsText = {
  title: "Condiciones de uso para proveedores",
  updated: TERMS_UPDATED_TEXT,
  intro: [
    "Estas condiciones regulan el acceso y el uso de la plataforma Coordina por las empresas y los profesionales que prestan servicios en comunidades de propietarios (en adelante, «el Proveedor») y por las personas usuarias que actúan en su nombre.",
    "Léelas con atención: para utilizar la plataforma debes aceptarlas expresamente marcando la casilla correspondiente.",
  ],
  sections: [
    {
      id: "objeto",
      title: "Objeto y partes",
      paragraphs: [
        PLATFORM_PURPOSE,
        PARTIES,
        "La comunidad de propietarios, como titular del centro de trabajo, es quien debe cumplir el deber de coordinación, y su administrador lo gestiona en su nombre. El Proveedor utiliza la plataforma para aportar la documentación que le requieran las comunidades en las que trabaja y para conocer la información sobre riesgos y medidas de emergencia que estas le faciliten. La plataforma es una herramienta de apoyo: no sustituye las obligaciones que la normativa de prevención impone a cada empresa concurrente, como la evaluación de riesgos, la planificación de la actividad preventiva o la formación e información de sus trabajadores.",
        ACCEPTANCE,
      ],
    },
    accessSection("del Proveedor", "El Proveedor"),
    {
      id: "gratuidad",
      title: "Gratuidad del servicio para los proveedores",
      paragraphs: [
        "El registro y el uso de la plataforma son gratuitos para los proveedores. El Titular no cobra al Proveedor cantidad alguna por darse de alta, por subir o mantener su documentación, por consultar la documentación de las comunidades ni por recibir los avisos del servicio.",
        "Ningún administrador, colegio ni tercero puede exigir al Proveedor pago alguno por el uso de Coordina. Si recibe una solicitud de pago en nombre de la plataforma, le rogamos que no la atienda y que lo comunique al Titular.",
        "Los costes de obtener la documentación (certificados, formación, reconocimientos médicos, seguros, etc.) son propios de la actividad del Proveedor y no guardan relación con el servicio de la plataforma.",
      ],
    },
    {
      id: "documentacion",
      title: "Documentación aportada y caducidades",
      paragraphs: [
        "El Proveedor se compromete a subir únicamente documentos veraces, auténticos, completos y vigentes, que correspondan a su empresa y a los trabajadores que efectivamente prestan servicio en cada comunidad. Los documentos se aportan en formato PDF y dentro del tamaño máximo admitido por la plataforma.",
        "Cuando un documento tenga fecha de caducidad (por ejemplo, los certificados de estar al corriente de las obligaciones tributarias y con la Seguridad Social, las pólizas de seguro o los certificados de formación), el Proveedor debe indicar correctamente esa fecha y subir el documento renovado antes de que caduque. Un documento caducado se muestra como tal a las comunidades y a sus administradores, y puede impedir o condicionar la prestación del servicio.",
        "El Proveedor debe leer la documentación que la comunidad o su administrador pongan a su disposición (información sobre los riesgos del centro de trabajo, medidas de emergencia, instrucciones, etc.) y trasladarla a sus trabajadores. La plataforma deja constancia de esa lectura.",
        FALSE_DOCUMENTS,
      ],
    },
    {
      id: "revision",
      title: "Revisión y validación de los documentos",
      paragraphs: [
        "El personal de la plataforma y el Colegio revisan los documentos subidos y pueden validarlos, dejarlos pendientes de validación o rechazarlos cuando no se ajusten a lo solicitado, estén incompletos, sean ilegibles o hayan caducado. El Proveedor puede consultar en todo momento el estado de cada documento.",
        REVIEW_SCOPE,
        "El Proveedor acepta que los documentos que sube sean consultados por el personal autorizado del Titular y del Colegio y por los administradores y las comunidades en las que presta servicio, únicamente para la coordinación de actividades empresariales.",
      ],
    },
    {
      id: "obligaciones",
      title: "Obligaciones y responsabilidades de los usuarios",
      paragraphs: [
        USE_IN_GOOD_FAITH,
        FORBIDDEN_USES,
        "El Proveedor es responsable del cumplimiento de sus propias obligaciones preventivas (evaluación de riesgos, formación e información de sus trabajadores, vigilancia de la salud, equipos de protección, etc.) y de la información y documentación que aporte.",
        DAMAGES,
      ],
    },
    blockingSection,
    {
      id: "datos",
      title: "Protección de datos personales",
      paragraphs: [
        GDPR_FRAMEWORK,
        GDPR_ROLES,
        "El Proveedor, por su parte, es responsable de los datos de sus propios trabajadores que decide comunicar a través de la plataforma. Antes de subirlos debe haber informado a esos trabajadores de la comunicación y de su finalidad, y contar con una base jurídica que la legitime.",
        MINIMISATION,
        ACCOUNT_DATA,
        RIGHTS,
        SECURITY_AND_TRANSFERS,
      ],
    },
    intellectualPropertySection,
    liabilitySection,
    changesSection,
    lawSection,
  ],
};

// ── Administrators of properties (role 15) ──

const processorAgreement: TermsSection = {
  id: "encargo",
  title: "Acuerdo de encargo del tratamiento (artículo 28 del RGPD)",
  paragraphs: [
    "Este apartado constituye el contrato de encargo del tratamiento previsto en el artículo 28 del RGPD y en el artículo 33 de la LOPDGDD. En él, cada comunidad de propietarios administrada es la responsable del tratamiento; el Administrador actúa como encargado del tratamiento por cuenta de la comunidad; y el Titular y el Colegio actúan como subencargados del tratamiento, por cuenta del Administrador y siguiendo sus instrucciones (en adelante, conjuntamente, «los Subencargados»).",
    "El Administrador declara que tiene suscrito con cada comunidad un contrato de encargo que le permite recurrir a los Subencargados para la finalidad aquí descrita, y se obliga a informar a la comunidad de su identidad. Los Subencargados asumen frente al Administrador las mismas obligaciones de protección de datos que este tiene frente a la comunidad.",
  ],
  clauses: [
    {
      title: "1. Objeto",
      paragraphs: [
        "El encargo tiene por objeto el tratamiento de los datos personales necesarios para la coordinación de actividades empresariales en las comunidades administradas: el alojamiento, la organización y la conservación de la documentación, su consulta por las partes autorizadas y su comunicación entre ellas, y el envío de los avisos del servicio.",
        "Los Subencargados no tratarán los datos para ninguna finalidad propia ni distinta de la indicada.",
      ],
    },
    {
      title: "2. Duración",
      paragraphs: [
        "El encargo dura mientras el Administrador mantenga su cuenta activa en la plataforma y, respecto de cada comunidad, mientras esta permanezca vinculada a la cuenta del Administrador.",
        "Las obligaciones de confidencialidad y las relativas al destino de los datos subsisten después de la finalización del encargo.",
      ],
    },
    {
      title: "3. Naturaleza y finalidad del tratamiento",
      paragraphs: [
        "El tratamiento se realiza por medios automatizados en la plataforma y comprende la recogida, el registro, la organización, la conservación, la consulta, la comunicación por transmisión a las partes autorizadas, la limitación y la supresión de los datos.",
        "Su única finalidad es que la comunidad cumpla el deber de coordinación de actividades empresariales establecido en el artículo 24 de la Ley 31/1995 y en el Real Decreto 171/2004.",
      ],
    },
    {
      title: "4. Categorías de datos y de interesados",
      paragraphs: [
        "Se tratan datos identificativos y de contacto (nombre y apellidos, DNI o NIE, correo electrónico y teléfono), datos profesionales y de empleo (empresa, puesto, formación y capacitación en prevención, aptitud para el puesto y alta en la Seguridad Social) y los datos de acceso de los usuarios de la plataforma.",
        "No se tratarán categorías especiales de datos del artículo 9 del RGPD: la información sobre la vigilancia de la salud se limita a la conclusión de aptitud, sin ningún dato clínico. El Administrador no solicitará ni subirá nóminas, datos bancarios ni otros datos innecesarios, y preferirá siempre los certificados a la documentación de origen.",
        "Los interesados son los representantes y trabajadores de los proveedores, los porteros y conserjes, los propietarios y miembros de los órganos de la comunidad que figuren en la documentación, y el personal del Administrador que utiliza la plataforma.",
      ],
    },
    {
      title: "5. Obligaciones de los Subencargados",
      paragraphs: [
        "Los Subencargados se obligan a: (a) tratar los datos únicamente siguiendo las instrucciones documentadas del Administrador, que se entienden dadas por estas condiciones y por el uso que el Administrador hace de la plataforma, e informarle inmediatamente si consideran que alguna instrucción infringe la normativa de protección de datos; (b) no comunicar los datos a terceros salvo autorización expresa o por obligación legal; y (c) llevar por escrito el registro de las actividades de tratamiento efectuadas por cuenta del Administrador (artículo 30.2 del RGPD).",
        "Asimismo, asistirán al Administrador, teniendo en cuenta la naturaleza del tratamiento y la información de que dispongan, para que la comunidad pueda cumplir sus obligaciones de seguridad, de notificación de violaciones de seguridad, de evaluación de impacto y de consulta previa a la autoridad de control, y designarán un delegado de protección de datos cuando estén obligados a ello.",
      ],
    },
    {
      title: "6. Confidencialidad",
      paragraphs: [
        "Los Subencargados garantizan que las personas autorizadas para tratar los datos se han comprometido por escrito a respetar su confidencialidad o están sujetas a una obligación legal de confidencialidad, y que reciben la formación necesaria en materia de protección de datos.",
        "El deber de confidencialidad se mantiene aun después de finalizado el encargo.",
      ],
    },
    {
      title: "7. Medidas de seguridad",
      paragraphs: [
        "Se aplican las medidas técnicas y organizativas del artículo 32 del RGPD apropiadas al riesgo, entre ellas: el cifrado de las comunicaciones; el almacenamiento irreversible de las contraseñas; el control de accesos por perfiles y por comunidad; el registro de la actividad; las copias de seguridad periódicas con procedimientos de restauración; la actualización de los sistemas; y la verificación y evaluación periódicas de la eficacia de estas medidas.",
        "El Administrador, por su parte, custodiará las credenciales de su personal, retirará los accesos que dejen de ser necesarios y no descargará ni conservará fuera de la plataforma más documentación de la imprescindible.",
      ],
    },
    {
      title: "8. Violaciones de la seguridad de los datos",
      paragraphs: [
        "Los Subencargados notificarán al Administrador, sin dilación indebida y en todo caso en un plazo máximo de 24 horas desde que tengan conocimiento de ella, cualquier violación de la seguridad de los datos personales, junto con la información necesaria para documentarla y comunicarla: su naturaleza, las categorías y el número aproximado de interesados y de registros afectados, sus posibles consecuencias, las medidas adoptadas o propuestas para remediarla y un punto de contacto.",
        "El Administrador trasladará esa información a la comunidad responsable para que esta, cuando proceda, notifique la violación a la Agencia Española de Protección de Datos en el plazo de 72 horas previsto en el artículo 33 del RGPD y la comunique a los interesados en los casos del artículo 34.",
      ],
    },
    {
      title: "9. Ejercicio de los derechos de los interesados",
      paragraphs: [
        "Cuando los interesados ejerzan ante los Subencargados sus derechos de acceso, rectificación, supresión, oposición, limitación del tratamiento o portabilidad, o el de no ser objeto de decisiones individuales automatizadas, estos trasladarán la solicitud al Administrador a más tardar el día laborable siguiente al de su recepción, junto con la información que pueda ser relevante para resolverla.",
        "Los Subencargados asistirán al Administrador para que la comunidad pueda atender la solicitud dentro del plazo legal de un mes, y no responderán directamente al interesado salvo instrucción expresa.",
      ],
    },
    {
      title: "10. Subencargados ulteriores",
      paragraphs: [
        "El Administrador autoriza con carácter general al Titular a recurrir a otros subencargados para servicios auxiliares necesarios para la plataforma, como el alojamiento de los servidores, las copias de seguridad o el envío de correo electrónico.",
        "El Titular informará previamente al Administrador de cualquier incorporación o sustitución de esos subencargados, de modo que pueda oponerse a ella por causa justificada; les impondrá por contrato las mismas obligaciones de protección de datos recogidas en este acuerdo; y seguirá respondiendo frente al Administrador de su cumplimiento. Si alguno tratara datos fuera del Espacio Económico Europeo, solo lo hará con las garantías del capítulo V del RGPD.",
      ],
    },
    {
      title: "11. Obligaciones del Administrador",
      paragraphs: [
        "El Administrador se obliga a facilitar a los Subencargados solo los datos necesarios, a velar por que las solicitudes de documentación a proveedores y porteros respeten el principio de minimización, a informar a las comunidades del uso de la plataforma y a supervisar el tratamiento, incluida la realización de las auditorías que considere oportunas.",
      ],
    },
    {
      title: "12. Destino de los datos al finalizar el servicio",
      paragraphs: [
        "Al finalizar la prestación del servicio, los Subencargados suprimirán los datos personales tratados por cuenta de las comunidades o, si el Administrador lo solicita antes de esa fecha, se los devolverán en un formato estructurado y de uso común, y suprimirán después las copias existentes. Las copias de seguridad se eliminarán en su ciclo ordinario de rotación.",
        "Únicamente podrán conservarse, debidamente bloqueados, los datos necesarios para atender posibles responsabilidades derivadas del encargo, durante los plazos de prescripción legal, y se suprimirán al término de estos.",
      ],
    },
    {
      title: "13. Auditorías e inspecciones",
      paragraphs: [
        "Los Subencargados pondrán a disposición del Administrador y de la comunidad responsable toda la información necesaria para demostrar el cumplimiento de las obligaciones de este acuerdo.",
        "Permitirán y contribuirán a la realización de auditorías, incluidas las inspecciones, por el Administrador, por la comunidad o por otro auditor autorizado por ellos, con un preaviso razonable y sin comprometer la seguridad ni la confidencialidad de los datos de otros usuarios.",
      ],
    },
  ],
};

const ADMINISTRATOR_TERMS: TermsText = {
  title: "Condiciones de uso para administradores de fincas",
  updated: TERMS_UPDATED_TEXT,
  intro: [
    "Estas condiciones regulan el acceso y el uso de la plataforma Coordina por los administradores de fincas (en adelante, «el Administrador») y por las personas usuarias que actúan en su nombre, e incluyen el acuerdo de encargo del tratamiento de datos personales exigido por el artículo 28 del RGPD.",
    "Léelas con atención: para utilizar la plataforma debes aceptarlas expresamente marcando la casilla correspondiente.",
  ],
  sections: [
    {
      id: "objeto",
      title: "Objeto y partes",
      paragraphs: [
        PLATFORM_PURPOSE,
        PARTIES,
        "La comunidad de propietarios, como titular del centro de trabajo, es quien debe cumplir el deber de coordinación. El Administrador utiliza la plataforma por cuenta de las comunidades que administra para gestionarlo: da de alta las comunidades, invita a proveedores y porteros, pone a su disposición la información de la comunidad y consulta y valida la documentación que aportan. La plataforma es una herramienta de apoyo: no sustituye las obligaciones que la normativa de prevención impone a la comunidad ni a cada empresa concurrente.",
        ACCEPTANCE,
      ],
    },
    accessSection("del Administrador", "El Administrador"),
    {
      id: "uso",
      title: "Uso de la plataforma por el Administrador",
      paragraphs: [
        "El Administrador solo dará de alta en la plataforma las comunidades de propietarios que administre y para las que cuente con la autorización necesaria, y mantendrá actualizados sus datos. Cuando deje de administrar una comunidad lo comunicará sin demora, para que la comunidad se desvincule de su cuenta.",
        "El Administrador informará a las comunidades que administra del uso de la plataforma para la coordinación de actividades empresariales y recabará, cuando sea necesario, su autorización para recurrir a los subencargados indicados en estas condiciones.",
        "Al invitar a proveedores, porteros o nuevos usuarios, el Administrador garantiza que las direcciones de correo electrónico corresponden a las personas invitadas y que tiene un motivo legítimo para invitarlas.",
        "La puesta a disposición de los proveedores, a través de la plataforma, de la información sobre los riesgos de la comunidad, las medidas de emergencia y las instrucciones no sustituye la información e instrucciones que el Real Decreto 171/2004 exige dar de otra forma cuando así proceda.",
      ],
    },
    {
      id: "documentacion",
      title: "Documentación aportada y caducidades",
      paragraphs: [
        "Los documentos que suba el Administrador, en su propio nombre o en el de las comunidades, deben ser veraces, auténticos, completos y vigentes. Cuando tengan fecha de caducidad, el Administrador la indicará correctamente y subirá el documento renovado antes de que caduque.",
        "El Administrador vigilará la vigencia de la documentación de los proveedores de sus comunidades mediante los indicadores de la plataforma, y les requerirá la que falte o haya caducado. La plataforma avisa de las caducidades, pero la decisión de permitir o no un trabajo corresponde a la comunidad y a su Administrador.",
        FALSE_DOCUMENTS,
      ],
    },
    {
      id: "revision",
      title: "Revisión y validación de los documentos",
      paragraphs: [
        "El personal de la plataforma y el Colegio revisan los documentos subidos y pueden validarlos, dejarlos pendientes de validación o rechazarlos cuando no se ajusten a lo solicitado, estén incompletos, sean ilegibles o hayan caducado. El Administrador puede consultar en todo momento el estado de la documentación de sus comunidades.",
        REVIEW_SCOPE,
      ],
    },
    {
      id: "obligaciones",
      title: "Obligaciones y responsabilidades de los usuarios",
      paragraphs: [
        USE_IN_GOOD_FAITH,
        FORBIDDEN_USES,
        "El Administrador es responsable de la correcta configuración de sus comunidades y de la documentación que les solicita, y de actuar dentro de las facultades que le hayan conferido las comunidades que administra.",
        DAMAGES,
      ],
    },
    blockingSection,
    {
      id: "datos",
      title: "Protección de datos personales",
      paragraphs: [
        GDPR_FRAMEWORK,
        GDPR_ROLES,
        "Las obligaciones del Administrador como encargado del tratamiento y las del Titular y el Colegio como subencargados se recogen en el acuerdo de encargo del tratamiento que figura en el apartado siguiente.",
        MINIMISATION,
        ACCOUNT_DATA,
        RIGHTS,
        SECURITY_AND_TRANSFERS,
      ],
    },
    processorAgreement,
    intellectualPropertySection,
    liabilitySection,
    changesSection,
    lawSection,
  ],
};

/** The text for a role: providers (20) and administrators (15); other roles have none. */
export function termsFor(role: number): TermsText | undefined {
  if (role === Role.gremio) return PROVIDER_TERMS;
  if (role === Role.administrador) return ADMINISTRATOR_TERMS;
  return undefined;
}
