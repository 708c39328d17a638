import { ErrorKey, type ImportKind, type ImportRow, type ImportRun } from "@coordina/domain";
import { useQuery } from "@tanstack/react-query";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { FakeXhr, stubXhr } from "../../../test/fakeXhr";
import { onPhone } from "../../../test/phone";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import { ApiError, api } from "../../app/api";
import { queryKeys } from "../../app/queryKeys";
import { ImportButton } from "./ImportButton";
import { importText } from "./importText";

const COLEGIO = 10;
const ADMINISTRADOR = 15;

const HEADER_MISSING = "Cabecera email no encontrada en la excel";
const NOT_A_SHEET = "El fichero no es una hoja de cálculo .xlsx o .xls.";
const NOTHING_IMPORTED = "No se ha importado nada: corrige estas filas y vuelve a importar el fichero.";
const INTERRUPTED = "La importación se interrumpió. Vuelve a importar el mismo fichero: lo ya importado no se repite.";
const ROW_INTERRUPTED =
  "La importación se interrumpió antes de esta fila. Vuelve a importar el mismo fichero: lo ya importado no se repite.";
const CHECKING = "Comprobando el fichero…";
const CANCELLED = "Importación cancelada: no se ha importado nada.";
const RECONNECTING = "Sin conexión con el servidor; seguimos intentándolo…";
const DROP_ZONE = "Haz click o arrastra aquí el fichero Excel";
const INPUT = "Elegir el fichero Excel para importar";

const counts = (over: Partial<ImportRun["counts"]> = {}): ImportRun["counts"] => ({
  created: 0,
  included: 0,
  linked: 0,
  already: 0,
  invalid: 0,
  failed: 0,
  ...over,
});

const run = (over: Partial<ImportRun> = {}): ImportRun => ({
  id: 5,
  kind: "providers",
  status: "importing",
  file_name: "proveedores.xlsx",
  id_finca: null,
  total: 3,
  done: 0,
  counts: counts(),
  created_at: "2026-11-27T08:00:00.000Z",
  finished_at: null,
  ...over,
});

const provider = (row: number, over: Partial<ImportRow> = {}): ImportRow => ({
  row,
  values: {
    name: `Proveedor ${row} S.L.`,
    cif: `B0000000${row}`,
    email: `p${row}@ejemplo.es`,
    tlfn: "",
    activity: "Limpieza",
  },
  outcome: "created",
  message: { key: "import.row.created", params: {} },
  ...over,
});

const rowsPage = (rows: ImportRow[], count = rows.length) =>
  json(200, { result: true, data: rows, count, pagination: { count, page: 1, limit: 10 } });

/** The address of the call being answered (the fake server hands the path only). */
function currentUrl(): URL {
  const call = vi.mocked(fetch).mock.lastCall;
  return new URL(String(call?.[0]), "http://localhost");
}

/** The address of the last page of results asked for (the lists beside the button are asked for too). */
function rowsUrl(): URL {
  const call = vi
    .mocked(fetch)
    .mock.calls.filter(([url]) => String(url).includes("/rows?"))
    .at(-1);
  return new URL(String(call?.[0]), "http://localhost");
}

/** An answer the test gives when it chooses: `promise` for the server, `give` to answer it. */
function later<T>() {
  let give: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => {
    give = resolve;
  });
  return { promise, give };
}

type RunAnswer = ImportRun | (() => Response | Promise<Response>);

/**
 * The fake server: the run's answers in turn (the last one repeats; a function answers as it likes), its
 * rows by the `only` asked, the files, and the lists the probes show.
 */
function serve({
  runs = [],
  rows = () => rowsPage([]),
}: {
  runs?: RunAnswer[];
  rows?: (url: URL) => Response | Promise<Response>;
} = {}) {
  const answers = [...runs];
  return stubServer((path) => {
    if (path === "/imports/runs/5") {
      const answer = answers.length > 1 ? answers.shift() : answers[0];
      return typeof answer === "function" ? answer() : json(200, { result: true, data: answer });
    }
    if (path === "/imports/runs/5/rows") return rows(currentUrl());
    if (path.startsWith("/imports/templates/"))
      return new Response("xlsx", {
        status: 200,
        headers: { "content-disposition": 'attachment; filename="Plantilla-Importacion.xlsx"' },
      });
    if (path === "/imports/runs/5/errors.xlsx") return new Response("xlsx", { status: 200 });
    if (path.startsWith("/probe/")) return json(200, { result: true, data: [] });
    return json(404, { result: false, error: "error.not-found" });
  });
}

/** What the browser was asked to save, by name (download.ts clicks a link with `download`). */
function watchSaves(): string[] {
  const saved: string[] = [];
  vi.stubGlobal(
    "URL",
    class extends URL {
      static override createObjectURL = () => "blob:import";
      static override revokeObjectURL = () => {};
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

/** A list on the page beside the button, read from the fake server at /probe/{key's parts}. */
function ListProbe({ queryKey }: { queryKey: readonly unknown[] }) {
  useQuery({ queryKey, queryFn: () => api.get(`/probe/${queryKey.map(String).join("/")}`) });
  return null;
}

/** How many times the list of `queryKey` was read (its first load included). */
function loadsOf(calls: { path: string }[], queryKey: readonly unknown[]): number {
  const path = `/probe/${queryKey.map(String).join("/")}`;
  return calls.filter((call) => call.path === path).length;
}

/** The lists the imports touch (or not), as a list page keys them. */
const COMPANIES = [queryKeys.companyList, "1"] as const;
const PICKER = [queryKeys.providerPicker, "1"] as const;
const COMMUNITIES = [queryKeys.communities, "1"] as const;
const COMMUNITY_PROVIDERS = [queryKeys.communityProviders, "7", "1"] as const;
const COMMUNITY_PANEL = queryKeys.community(7);
const OTHER_COMMUNITY_PANEL = queryKeys.community(8);
const ACTIVITIES = [queryKeys.activities, "1"] as const;
const PROBES = [
  COMPANIES,
  PICKER,
  COMMUNITIES,
  COMMUNITY_PROVIDERS,
  COMMUNITY_PANEL,
  OTHER_COMMUNITY_PANEL,
  ACTIVITIES,
] as const;

/**
 * The import button for `role`; with `lists`, beside the lists of PROBES as a page would show them; with
 * `fakeTimers`, the user's clicks move Vitest's fake clock.
 */
function renderButton(
  kind: ImportKind,
  {
    role = COLEGIO,
    idFinca,
    editable,
    lists = false,
    fakeTimers = false,
  }: { role?: number; idFinca?: number; editable?: boolean; lists?: boolean; fakeTimers?: boolean } = {},
) {
  startTestSession([], { role });
  return renderInApp(
    <>
      {lists && PROBES.map((queryKey) => <ListProbe key={queryKey.join("/")} queryKey={queryKey} />)}
      <ImportButton kind={kind} idFinca={idFinca} editable={editable} />
    </>,
    // The user may pick 'All files' in the browser's file chooser: the accept filter is not applied.
    { userOptions: { applyAccept: false, ...(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {}) } },
  );
}

const xlsx = (name = "proveedores.xlsx", size = 2048) =>
  new File([new Uint8Array(size)], name, {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });

type User = ReturnType<typeof renderButton>["user"];

/** Opens the importer and chooses `file`; answers nothing yet. */
async function openAndChoose(user: User, file: File, button = "Importar Excel") {
  await user.click(screen.getByRole("button", { name: button }));
  const dialog = await screen.findByRole("dialog");
  await user.upload(within(dialog).getByLabelText(INPUT), file);
  return dialog;
}

/** Opens the importer, chooses a file and has the server answer `answer` (status 200 unless said). */
async function importFile(
  user: User,
  answer: unknown,
  { status = 200, file = xlsx(), button }: { status?: number; file?: File; button?: string } = {},
) {
  const dialog = await openAndChoose(user, file, button);
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  await act(async () => FakeXhr.sent[0]!.answer(status, answer));
  return dialog;
}

/** Closes the importer with its window's close button. */
async function closeImporter(user: User, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole("button", { name: "Cerrar ventana" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
}

/** What the importer's live region says (the one place that announces its steps). */
const announced = (dialog: HTMLElement) => within(dialog).getByTestId("import-announce").textContent;

beforeEach(stubXhr);
afterEach(() => {
  vi.useRealTimers();
});

describe("the import button (ImportButton)", () => {
  it("shows the colegio's imports of administrators and providers, never an administrator's", () => {
    renderButton("providers");
    expect(screen.getByRole("button", { name: "Importar Excel" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Descargar plantilla de proveedores" })).toBeTruthy();
  });

  it.each([
    ["administrators", ADMINISTRADOR, false],
    ["providers", ADMINISTRADOR, false],
    ["communities", COLEGIO, false],
    ["pairs", COLEGIO, false],
    ["community-providers", ADMINISTRADOR, false],
    ["community-providers", COLEGIO, true],
  ] as const)("is not there for %s to role %i (editable community: %s)", (kind, role, editable) => {
    renderButton(kind, { role, idFinca: 7, editable });
    expect(screen.queryByRole("button", { name: /Importar/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Descargar plantilla/ })).toBeNull();
  });

  it("gives an administrator its communities, pairs and the providers of a community it manages", () => {
    startTestSession([], { role: ADMINISTRADOR });
    renderInApp(
      <>
        <ImportButton kind="communities" />
        <ImportButton kind="pairs" />
        <ImportButton kind="community-providers" idFinca={7} editable />
      </>,
    );
    expect(screen.getByRole("button", { name: "Importar comunidades" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Importar proveedores" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Importar Excel" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Descargar plantilla de comunidades" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Descargar plantilla de proveedores por comunidad" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Descargar plantilla de proveedores de la comunidad" })).toBeTruthy();
  });

  it("downloads the kind's template as Plantilla-Importacion.xlsx, from the toolbar and from the chooser", async () => {
    const calls = serve();
    const saved = watchSaves();
    const { user } = renderButton("administrators");
    await user.click(screen.getByRole("button", { name: "Descargar plantilla de administradores" }));
    await waitFor(() => expect(saved).toEqual(["Plantilla-Importacion.xlsx"]));
    expect(calls.map((c) => c.path)).toEqual(["/imports/templates/administrators"]);

    await user.click(screen.getByRole("button", { name: "Importar Excel" }));
    const dialog = await screen.findByRole("dialog", { name: "Importar administradores desde Excel" });
    await user.click(within(dialog).getByRole("button", { name: "Descargar plantilla" }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(calls.map((c) => c.path)).toEqual([
      "/imports/templates/administrators",
      "/imports/templates/administrators",
    ]);
  });
});

describe("the importer (ImporterModal)", () => {
  it("starts with the file chooser, the kind's headers and the activities' separators", async () => {
    const { user } = renderButton("providers");
    await user.click(screen.getByRole("button", { name: "Importar Excel" }));
    const dialog = await screen.findByRole("dialog", { name: "Importar proveedores desde Excel" });
    expect(within(dialog).getByText("Haz click o arrastra aquí el fichero Excel")).toBeTruthy();
    expect(within(dialog).getByText("Un fichero .xlsx o .xls de hasta 10 MB")).toBeTruthy();
    expect(
      within(dialog).getByText(
        "La pestaña Datos debe tener en la primera fila las columnas: name, cif, email, tlfn, activity.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText("Varias actividades en la misma celda se separan con , ; | o *.")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Descargar plantilla" })).toBeTruthy();
  });

  it("names its drop zone for a screen reader: a button in the tab order, described by the files it takes", async () => {
    const { user } = renderButton("providers");
    await user.click(screen.getByRole("button", { name: "Importar Excel" }));
    const dialog = await screen.findByRole("dialog");
    const zone = within(dialog).getByRole("button", { name: DROP_ZONE });
    expect(zone.tabIndex).toBe(0);
    const description = document.getElementById(zone.getAttribute("aria-describedby") ?? "");
    expect(description?.textContent).toBe("Un fichero .xlsx o .xls de hasta 10 MB");
    expect(within(zone).getByLabelText(INPUT)).toBeTruthy();
  });

  it("refuses a file that is not a spreadsheet without sending it; 'Reintentar' goes back to the chooser", async () => {
    const { user } = renderButton("providers");
    const dialog = await openAndChoose(user, new File(["%PDF"], "proveedores.pdf", { type: "application/pdf" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toBe(NOT_A_SHEET);
    // The refusal takes the focus (read out, and the keyboard goes on from there), then the drop zone does.
    expect(document.activeElement).toBe(alert);
    expect(FakeXhr.sent).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Reintentar" }));
    expect(within(dialog).getByLabelText(INPUT)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: DROP_ZONE }));
  });

  it("uploads the file alone to its kind with the upload's progress, then follows the import to its end", async () => {
    const calls = serve({
      runs: [
        run({ done: 2, counts: counts({ created: 1, already: 1 }) }),
        run({ status: "endCorrect", done: 3, counts: counts({ created: 2, already: 1 }) }),
      ],
      rows: () =>
        rowsPage([
          provider(2),
          provider(3, { outcome: "already", message: { key: "import.row.already-member", params: {} } }),
          provider(4),
        ]),
    });
    const { user } = renderButton("providers", { lists: true });
    await waitFor(() => expect(PROBES.map((key) => loadsOf(calls, key))).toEqual(PROBES.map(() => 1)));
    const dialog = await openAndChoose(user, xlsx());

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const request = FakeXhr.sent[0]!;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/imports/providers?colg_id=1");
    expect([...(request.body?.keys() ?? [])]).toEqual(["file"]);
    expect((request.field("file") as File).name).toBe("proveedores.xlsx");
    expect(within(dialog).getByText("Subiendo proveedores.xlsx… 0 %")).toBeTruthy();
    // A screen reader hears the step once, not each percent: one live region, saying the step.
    expect(dialog.querySelectorAll("[aria-live]")).toHaveLength(1);
    expect(announced(dialog)).toBe("Subiendo el fichero proveedores.xlsx");
    act(() => request.progress(1024, 2048));
    expect(within(dialog).getByText("Subiendo proveedores.xlsx… 50 %")).toBeTruthy();
    expect(announced(dialog)).toBe("Subiendo el fichero proveedores.xlsx");
    // Every byte sent: the server has the file and checks it.
    act(() => request.progress(2048, 2048));
    expect(within(dialog).getByText(CHECKING)).toBeTruthy();
    expect(within(dialog).queryByText(/Subiendo/)).toBeNull();
    expect(announced(dialog)).toBe("Fichero recibido; el servidor lo está comprobando");

    await act(async () => request.answer(200, { result: true, data: run() }));
    expect(within(dialog).getByText("Importando fila 0 de 3")).toBeTruthy();
    expect(within(dialog).getByRole("progressbar", { name: "Progreso de la importación" })).toBeTruthy();
    expect(announced(dialog)).toBe("Importación en curso: 3 filas");
    // The page asks for the run every 500 ms while it imports.
    expect(await within(dialog).findByText("Importando fila 2 de 3")).toBeTruthy();
    expect(announced(dialog)).toBe("Importación en curso: 3 filas");
    expect(dialog.querySelectorAll("[aria-live]")).toHaveLength(1);
    const summary = await within(dialog).findByRole("status");
    expect(summary.textContent).toContain("Importación realizada correctamente");
    expect(document.activeElement).toBe(summary);
    expect(announced(dialog)).toBe("");
    expect(within(dialog).getByTestId("import-counts").textContent).toBe("2 dadas de alta, 1 ya estaba");
    expect(calls.filter((c) => c.path === "/imports/runs/5")).toHaveLength(2);

    const table = await within(dialog).findByRole("table", { name: "Resultado de la importación" });
    const cells = within(table)
      .getAllByRole("row")
      .map((row) =>
        within(row)
          .queryAllByRole("cell")
          .map((cell) => cell.textContent),
      );
    expect(cells.slice(1)).toEqual([
      [
        "2",
        "Proveedor 2 S.L. · B00000002 · p2@ejemplo.es · — · Limpieza",
        "Dada de alta; le hemos enviado la invitación",
      ],
      ["3", "Proveedor 3 S.L. · B00000003 · p3@ejemplo.es · — · Limpieza", "Ya estaba en el colegio"],
      [
        "4",
        "Proveedor 4 S.L. · B00000004 · p4@ejemplo.es · — · Limpieza",
        "Dada de alta; le hemos enviado la invitación",
      ],
    ]);
    expect(within(table).getAllByRole("img", { name: "Importada" })).toHaveLength(2);
    expect(within(table).getAllByRole("img", { name: "Sin cambios" })).toHaveLength(1);
    expect(within(dialog).getByRole("switch", { name: "Ver solo errores" })).toHaveProperty("checked", false);
    expect(rowsUrl().searchParams.get("only")).toBe("all");
    expect(within(dialog).queryByRole("button", { name: "Descargar fichero de errores" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Reintentar" })).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Importar otro fichero" })).toBeTruthy();
    // The providers' list and the provider picker are read again, once; the other lists are not.
    await waitFor(() => expect(loadsOf(calls, COMPANIES)).toBe(2));
    expect(PROBES.map((key) => loadsOf(calls, key))).toEqual([2, 2, 1, 1, 1, 1, 1]);

    await user.click(within(dialog).getByRole("button", { name: "Cerrar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(PROBES.map((key) => loadsOf(calls, key))).toEqual([2, 2, 1, 1, 1, 1, 1]);
  });

  it("lists the wrong rows found by validation, says nothing was imported, offers the error file and 'Reintentar'", async () => {
    const mailWrong = provider(3, {
      values: { name: "Núñez S.L.", cif: "B12345678", email: "a@b", tlfn: "", activity: "" },
      outcome: "invalid",
      message: { key: "validate.mailinvalid", params: { mail: "a@b", row: "3" } },
    });
    const noCif = provider(5, {
      values: { name: "Peña S.A.", cif: "", email: "c@d.es", tlfn: "912", activity: "Limpieza" },
      outcome: "invalid",
      message: { key: "import.row.no-cif", params: {} },
    });
    const calls = serve({
      rows: (url) =>
        url.searchParams.get("only") === "problems"
          ? rowsPage([mailWrong, noCif])
          : rowsPage([provider(2, { outcome: null, message: null }), mailWrong, noCif]),
    });
    const saved = watchSaves();
    const { user } = renderButton("providers", { lists: true });
    await waitFor(() => expect(loadsOf(calls, COMPANIES)).toBe(1));
    const dialog = await importFile(user, {
      result: true,
      data: run({ status: "endErrors", done: 3, counts: counts({ invalid: 2 }) }),
    });

    const summary = within(dialog).getByRole("status");
    expect(within(summary).getByText("Finalizado")).toBeTruthy();
    expect(document.activeElement).toBe(summary);
    expect(within(dialog).getByTestId("import-counts").textContent).toBe("2 con errores");
    expect(within(dialog).getByText(NOTHING_IMPORTED)).toBeTruthy();
    expect(within(dialog).getByRole("switch", { name: "Ver solo errores" })).toHaveProperty("checked", true);
    const table = await within(dialog).findByRole("table", { name: "Resultado de la importación" });
    expect(await within(table).findByText("El correo a@b no tiene el formato correcto: línea 3")).toBeTruthy();
    expect(within(table).getByText("Error en el registro, no hay cif")).toBeTruthy();
    expect(within(table).getByText("Peña S.A. · — · c@d.es · 912 · Limpieza")).toBeTruthy();
    expect(within(table).getAllByRole("img", { name: "Con error" })).toHaveLength(2);
    const rowCalls = calls.filter((c) => c.path === "/imports/runs/5/rows");
    expect(rowCalls).toHaveLength(1);
    expect(rowsUrl().search).toContain("only=problems");
    expect(rowsUrl().searchParams.get("limit")).toBe("10");
    // Validation stopped it at once: no polling.
    expect(calls.filter((c) => c.path === "/imports/runs/5")).toHaveLength(0);

    await user.click(within(dialog).getByRole("switch", { name: "Ver solo errores" }));
    expect(await within(table).findByText("Correcta; no se importó porque hay filas con errores")).toBeTruthy();
    expect(rowsUrl().searchParams.get("only")).toBe("all");

    expect(
      within(dialog).getByText("Corrige las filas marcadas en la columna error y vuelve a importar el fichero."),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Descargar fichero de errores" }));
    await waitFor(() => expect(saved).toEqual(["Errores-Importacion.xlsx"]));
    expect(calls.at(-1)?.path).toBe("/imports/runs/5/errors.xlsx");

    await user.click(within(dialog).getByRole("button", { name: "Reintentar" }));
    expect(within(dialog).getByLabelText(INPUT)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: DROP_ZONE }));
    expect(within(dialog).queryByRole("table")).toBeNull();
    // Nothing of the file was written: the list is not read again.
    expect(loadsOf(calls, COMPANIES)).toBe(1);
  });

  it("shows a sheet refused as a whole in red with its header, and 'Reintentar' goes back to the chooser", async () => {
    serve();
    const { user } = renderButton("administrators");
    const dialog = await importFile(
      user,
      { result: false, error: "import.header-missing", params: { title: "email" } },
      { status: 400, file: xlsx("administradores.xls") },
    );
    const alert = within(dialog).getByRole("alert");
    expect(alert.textContent).toBe(HEADER_MISSING);
    expect(document.activeElement).toBe(alert);
    await user.click(within(dialog).getByRole("button", { name: "Reintentar" }));
    expect(within(dialog).getByLabelText(INPUT)).toBeTruthy();
    expect(within(dialog).queryByRole("alert")).toBeNull();
  });

  it("says a sheet with its headers and no rows was refused like any other sheet, though the window was closed while it was checked", async () => {
    serve();
    const { user } = renderButton("administrators");
    const dialog = await openAndChoose(user, xlsx("administradores.xlsx"));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.progress(2048, 2048));
    await closeImporter(user, dialog);
    await act(async () => FakeXhr.sent[0]!.answer(400, { result: false, error: ErrorKey.importEmpty }));

    await user.click(screen.getByRole("button", { name: "Importar Excel" }));
    const again = await screen.findByRole("dialog");
    const refused = within(again).getByTestId("import-refused");
    expect(within(refused).getByRole("alert").textContent).toBe("La hoja Datos no tiene filas que importar.");
    expect(within(refused).getByRole("button", { name: "Reintentar" })).toBeTruthy();
    // Seen: the next opening starts from the chooser.
    await closeImporter(user, again);
    await user.click(screen.getByRole("button", { name: "Importar Excel" }));
    expect(within(await screen.findByRole("dialog")).getByTestId("import-chooser")).toBeTruthy();
  });

  it("says an upload that got no answer could not be sent", async () => {
    serve();
    const { user } = renderButton("administrators");
    const dialog = await openAndChoose(user, xlsx("administradores.xlsx"));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    await act(async () => FakeXhr.sent[0]!.onerror?.());
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "El fichero no ha podido ser subido. Inténtalo de nuevo. Si no funciona, contactanos y te ayudaremos.",
    );
  });

  it("says an interrupted import is finished by importing the same file again, row by row, and offers the error file", async () => {
    serve({
      runs: [run({ status: "interrupted", done: 1, counts: counts({ created: 1 }) })],
      rows: () => rowsPage([provider(2), provider(3, { outcome: null, message: null })]),
    });
    const saved = watchSaves();
    const { user } = renderButton("providers");
    const dialog = await importFile(user, { result: true, data: run() });
    expect(await within(dialog).findByText(INTERRUPTED)).toBeTruthy();
    expect(within(dialog).getByTestId("import-counts").textContent).toBe("1 dada de alta");
    const table = await within(dialog).findByRole("table", { name: "Resultado de la importación" });
    const notReached = (await within(table).findByText(ROW_INTERRUPTED)).closest("tr");
    expect(notReached?.getAttribute("data-outcome")).toBe("none");
    expect(within(table).queryByText("Pendiente")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Descargar fichero de errores" }));
    await waitFor(() => expect(saved).toEqual(["Errores-Importacion.xlsx"]));
    await user.click(within(dialog).getByRole("button", { name: "Reintentar" }));
    expect(within(dialog).getByLabelText(INPUT)).toBeTruthy();
  });

  it("says the rows refused while importing, and the others were written", async () => {
    serve({
      rows: () =>
        rowsPage([
          provider(4, {
            outcome: "failed",
            message: { key: "import.row.email-taken", params: { mail: "p4@ejemplo.es" } },
          }),
        ]),
    });
    const { user } = renderButton("providers");
    const dialog = await importFile(user, {
      result: true,
      data: run({ status: "endErrors", done: 3, counts: counts({ created: 1, included: 1, failed: 1 }) }),
    });
    expect(within(dialog).getByText("Finalizado")).toBeTruthy();
    expect(within(dialog).getByTestId("import-counts").textContent).toBe("1 dada de alta, 1 incluida, 1 no importada");
    expect(within(dialog).queryByText(NOTHING_IMPORTED)).toBeNull();
    expect(await within(dialog).findByText("El correo p4@ejemplo.es ya es el usuario de otra empresa")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Descargar fichero de errores" })).toBeTruthy();
  });

  it.each([
    [403, "error.forbidden", "No tienes permiso para realizar esta operación."],
    [404, "import.not-found", "No encontramos esa importación."],
  ])(
    "stops following a run the server answers %i for, and says why with 'Cerrar' and 'Reintentar'",
    async (status, error, text) => {
      const calls = serve({ runs: [() => json(status, { result: false, error })] });
      const { user } = renderButton("providers", { lists: true });
      await waitFor(() => expect(loadsOf(calls, COMPANIES)).toBe(1));
      const dialog = await importFile(user, { result: true, data: run() });
      const stopped = await within(dialog).findByTestId("import-stopped");
      const alert = within(stopped).getByRole("alert");
      expect(alert.textContent).toBe(text);
      expect(document.activeElement).toBe(alert);
      // No longer the animated progress of an import going on.
      expect(within(dialog).queryByRole("progressbar")).toBeNull();
      expect(within(dialog).queryByText(/Importando fila/)).toBeNull();
      expect(calls.filter((c) => c.path === "/imports/runs/5")).toHaveLength(1);
      // What it may have written shows in the list.
      await waitFor(() => expect(loadsOf(calls, COMPANIES)).toBe(2));
      expect(within(stopped).getByRole("button", { name: "Cerrar" })).toBeTruthy();
      await user.click(within(stopped).getByRole("button", { name: "Reintentar" }));
      expect(within(dialog).getByTestId("import-chooser")).toBeTruthy();
    },
  );

  it("keeps asking with a growing wait while the answers fail for now, says when the server is out of reach, and goes on", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let mode: "down" | "offline" | "busy" | "up" = "down";
    let done = 0;
    const calls = serve({
      runs: [
        () => {
          if (mode === "down") return json(503, { result: false, error: "error.generic-error" });
          if (mode === "offline") return Promise.reject(new TypeError("Failed to fetch"));
          if (mode === "busy") return json(429, { result: false, error: "error.too-many-requests" });
          done += 1;
          const data =
            done >= 3 ? run({ status: "endCorrect", done: 3, counts: counts({ created: 3 }) }) : run({ done });
          return json(200, { result: true, data });
        },
      ],
    });
    const polls = () => calls.filter((c) => c.path === "/imports/runs/5").length;
    const { user } = renderButton("providers", { fakeTimers: true });
    const dialog = await importFile(user, { result: true, data: run() });

    // A 5xx: the import is still shown going on, with the server out of reach.
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(polls()).toBeGreaterThanOrEqual(1);
    expect(await within(dialog).findByText(RECONNECTING)).toBeTruthy();
    expect(within(dialog).getByText("Importando fila 0 de 3")).toBeTruthy();
    expect(announced(dialog)).toBe("Se ha perdido la conexión con el servidor; seguimos intentándolo");

    // No connection at all: the same.
    mode = "offline";
    const beforeOffline = polls();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(polls()).toBeGreaterThan(beforeOffline);
    expect(within(dialog).getByText(RECONNECTING)).toBeTruthy();

    // Too many requests: asked again, ever less often (every 500 ms would be 15 times in 7.5 s).
    mode = "busy";
    const beforeBusy = polls();
    await act(() => vi.advanceTimersByTimeAsync(7_500));
    const busyPolls = polls() - beforeBusy;
    expect(busyPolls).toBeGreaterThanOrEqual(1);
    expect(busyPolls).toBeLessThanOrEqual(3);
    expect(within(dialog).getByTestId("import-importing")).toBeTruthy();
    expect(within(dialog).queryByText(RECONNECTING)).toBeNull();

    // Answers again: the progress goes on to the end.
    mode = "up";
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(within(dialog).getByRole("status").textContent).toContain("Importación realizada correctamente");
    expect(within(dialog).queryByText(RECONNECTING)).toBeNull();
    expect(done).toBe(3);
  });

  it("pages the results 10 at a time with named page buttons, dimming a page while the next one loads", async () => {
    const second = later<Response>();
    serve({
      rows: (url) => (url.searchParams.get("page") === "2" ? second.promise : rowsPage([provider(2)], 25)),
    });
    const { user } = renderButton("providers");
    const dialog = await importFile(user, {
      result: true,
      data: run({ status: "endCorrect", total: 25, done: 25, counts: counts({ created: 25 }) }),
    });
    expect(await within(dialog).findByText(/Proveedor 2 S\.L\./)).toBeTruthy();
    // Every button has a name (the arrows too): the pages', and the others'.
    const unnamed = within(dialog)
      .getAllByRole("button")
      .filter((button) => !button.getAttribute("aria-label") && !button.textContent?.trim());
    expect(unnamed).toEqual([]);
    for (const name of ["Página anterior", "Página 1", "Página 3", "Página siguiente"])
      expect(within(dialog).getByRole("button", { name })).toBeTruthy();

    const list = within(dialog).getByTestId("import-results-list");
    expect(list.getAttribute("aria-busy")).toBe("false");
    await user.click(within(dialog).getByRole("button", { name: "Página 2" }));
    await waitFor(() => expect(rowsUrl().searchParams.get("page")).toBe("2"));
    // The first page stays, dimmed and busy, until the second is in.
    expect(within(dialog).getByText(/Proveedor 2 S\.L\./)).toBeTruthy();
    expect(list.getAttribute("aria-busy")).toBe("true");
    await act(async () => second.give(rowsPage([provider(12)], 25)));
    expect(await within(dialog).findByText(/Proveedor 12 S\.L\./)).toBeTruthy();
    expect(list.getAttribute("aria-busy")).toBe("false");
  });

  it("shows that the rows are loading, never 'No hay filas' nor the other filter's rows meanwhile", async () => {
    const all = later<Response>();
    const problems = later<Response>();
    serve({ rows: (url) => (url.searchParams.get("only") === "problems" ? problems.promise : all.promise) });
    const { user } = renderButton("providers");
    const dialog = await importFile(user, {
      result: true,
      data: run({ status: "endCorrect", done: 2, counts: counts({ created: 2 }) }),
    });
    const table = within(dialog).getByRole("table", { name: "Resultado de la importación" });
    expect(within(table).getByText("Cargando las filas…")).toBeTruthy();
    expect(within(table).queryByText("No hay filas")).toBeNull();
    await act(async () => all.give(rowsPage([provider(2), provider(3)])));
    expect(await within(table).findByText(/Proveedor 3 S\.L\./)).toBeTruthy();

    await user.click(within(dialog).getByRole("switch", { name: "Ver solo errores" }));
    await waitFor(() => expect(rowsUrl().searchParams.get("only")).toBe("problems"));
    expect(within(table).queryByText(/Proveedor/)).toBeNull();
    expect(within(table).getByText("Cargando las filas…")).toBeTruthy();
    await act(async () => problems.give(rowsPage([])));
    expect(await within(table).findByText("No hay filas con errores")).toBeTruthy();
    expect(within(table).queryByText("Cargando las filas…")).toBeNull();
  });

  it("imports the providers of one community into that community, then reloads its lists and figures once", async () => {
    const calls = serve({ rows: () => rowsPage([]) });
    const { user } = renderButton("community-providers", {
      role: ADMINISTRADOR,
      idFinca: 7,
      editable: true,
      lists: true,
    });
    await waitFor(() => expect(PROBES.map((key) => loadsOf(calls, key))).toEqual(PROBES.map(() => 1)));
    const dialog = await importFile(user, {
      result: true,
      data: run({
        kind: "community-providers",
        id_finca: 7,
        status: "endCorrect",
        total: 1,
        done: 1,
        counts: counts({ linked: 1 }),
      }),
    });
    expect(FakeXhr.sent[0]!.url).toBe("/imports/community-providers?id_finca=7&colg_id=1");
    expect(within(dialog).getByTestId("import-counts").textContent).toBe("1 asociada");
    // Companies, picker, communities, this community's providers and panel; not another panel, not activities.
    await waitFor(() => expect(loadsOf(calls, COMMUNITY_PANEL)).toBe(2));
    expect(PROBES.map((key) => loadsOf(calls, key))).toEqual([2, 2, 2, 2, 2, 1, 1]);
  });

  it("follows an import closed while it goes on: the list reloads once when it ends, and the window shows the end", async () => {
    const calls = serve({
      runs: [
        run({ kind: "communities", done: 1 }),
        run({ kind: "communities", status: "endCorrect", done: 3, counts: counts({ created: 3 }) }),
      ],
    });
    const { user } = renderButton("communities", { role: ADMINISTRADOR, lists: true });
    await waitFor(() => expect(loadsOf(calls, COMMUNITIES)).toBe(1));
    const dialog = await importFile(
      user,
      { result: true, data: run({ kind: "communities" }) },
      { button: "Importar comunidades", file: xlsx("comunidades.xlsx") },
    );
    expect(within(dialog).getByText("Importando fila 0 de 3")).toBeTruthy();
    expect(within(dialog).getByText("Puedes cerrar esta ventana: la importación sigue en el servidor.")).toBeTruthy();
    await closeImporter(user, dialog);

    // Still asked for with the window closed: the communities are read again once it has ended.
    await waitFor(() => expect(loadsOf(calls, COMMUNITIES)).toBe(2));
    expect(calls.filter((c) => c.path === "/imports/runs/5")).toHaveLength(2);

    // Opened again: how it ended, not the chooser.
    await user.click(screen.getByRole("button", { name: "Importar comunidades" }));
    const again = await screen.findByRole("dialog");
    const summary = within(again).getByRole("status");
    expect(summary.textContent).toContain("Importación realizada correctamente");
    expect(within(again).getByTestId("import-counts").textContent).toBe("3 dadas de alta");
    await waitFor(() => expect(document.activeElement).toBe(summary));
    await user.click(within(again).getByRole("button", { name: "Importar otro fichero" }));
    expect(within(again).getByTestId("import-chooser")).toBeTruthy();
    expect(document.activeElement).toBe(within(again).getByRole("button", { name: DROP_ZONE }));
    expect(loadsOf(calls, COMMUNITIES)).toBe(2);
  });

  it("shows an import still going on when opened again, and the chooser once its end has been seen", async () => {
    const calls = serve({
      runs: [
        run({ kind: "communities", done: 1 }),
        run({ kind: "communities", done: 2 }),
        run({ kind: "communities", status: "endCorrect", done: 3, counts: counts({ created: 3 }) }),
      ],
    });
    const { user } = renderButton("communities", { role: ADMINISTRADOR, lists: true });
    await waitFor(() => expect(loadsOf(calls, COMMUNITIES)).toBe(1));
    const dialog = await importFile(
      user,
      { result: true, data: run({ kind: "communities" }) },
      { button: "Importar comunidades", file: xlsx("comunidades.xlsx") },
    );
    await closeImporter(user, dialog);
    await user.click(screen.getByRole("button", { name: "Importar comunidades" }));
    const again = await screen.findByRole("dialog");
    expect(within(again).getByTestId("import-importing")).toBeTruthy();
    expect(within(again).queryByTestId("import-chooser")).toBeNull();
    expect(await within(again).findByText("Importación realizada correctamente")).toBeTruthy();
    await waitFor(() => expect(loadsOf(calls, COMMUNITIES)).toBe(2));

    await user.click(within(again).getByRole("button", { name: "Cerrar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Importar comunidades" }));
    const third = await screen.findByRole("dialog");
    expect(within(third).getByTestId("import-chooser")).toBeTruthy();
    expect(within(third).queryByText(/Importando fila/)).toBeNull();
    expect(loadsOf(calls, COMMUNITIES)).toBe(2);
  });

  it("does not call back a file whose bytes are all sent when the window closes: the server's answer is followed", async () => {
    const abort = vi.spyOn(FakeXhr.prototype, "abort");
    const calls = serve({ runs: [run({ status: "endCorrect", done: 3, counts: counts({ created: 3 }) })] });
    const { user } = renderButton("providers", { lists: true });
    await waitFor(() => expect(loadsOf(calls, COMPANIES)).toBe(1));
    const dialog = await openAndChoose(user, xlsx());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const request = FakeXhr.sent[0]!;
    act(() => request.progress(2048, 2048));
    const checking = within(dialog).getByTestId("import-checking");
    expect(within(checking).getByText(CHECKING)).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Cancelar" })).toBeNull();
    await closeImporter(user, dialog);
    expect(abort).not.toHaveBeenCalled();

    await act(async () => request.answer(200, { result: true, data: run() }));
    await waitFor(() => expect(loadsOf(calls, COMPANIES)).toBe(2));
    await user.click(screen.getByRole("button", { name: "Importar Excel" }));
    const again = await screen.findByRole("dialog");
    expect(within(again).getByRole("status").textContent).toContain("Importación realizada correctamente");
  });

  it("cancels an upload whose bytes are still going out when the window closes, and says nothing was imported", async () => {
    const abort = vi.spyOn(FakeXhr.prototype, "abort");
    serve();
    const { user } = renderButton("providers");
    const dialog = await openAndChoose(user, xlsx());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.progress(1024, 2048));
    await closeImporter(user, dialog);
    expect(abort).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole("button", { name: "Importar Excel" }));
    const again = await screen.findByRole("dialog");
    expect(within(again).getByRole("alert").textContent).toBe(CANCELLED);
    await user.click(within(again).getByRole("button", { name: "Reintentar" }));
    expect(within(again).getByTestId("import-chooser")).toBeTruthy();
  });

  it("cancels the upload with 'Cancelar' while its bytes go out", async () => {
    const abort = vi.spyOn(FakeXhr.prototype, "abort");
    serve();
    const { user } = renderButton("providers");
    const dialog = await openAndChoose(user, xlsx());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.progress(512, 2048));
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    expect(abort).toHaveBeenCalledTimes(1);
    const alert = within(dialog).getByRole("alert");
    expect(alert.textContent).toBe(CANCELLED);
    expect(document.activeElement).toBe(alert);
  });
});

describe("the importer on a phone", () => {
  it("shows the results as cards and keeps its buttons within reach", async () => {
    onPhone();
    serve({
      rows: () =>
        rowsPage([
          provider(3, {
            values: { name: "Núñez S.L.", cif: "B12345678", email: "a@b", tlfn: "", activity: "" },
            outcome: "invalid",
            message: { key: "validate.mailinvalid", params: { mail: "a@b", row: "3" } },
          }),
        ]),
    });
    const { user } = renderButton("providers");
    const dialog = await importFile(user, {
      result: true,
      data: run({ status: "endErrors", done: 3, counts: counts({ invalid: 1 }) }),
    });
    const cards = await within(dialog).findByRole("list", { name: "Resultado de la importación" });
    const card = within(cards).getByRole("listitem");
    expect(within(card).getByText("Fila 3")).toBeTruthy();
    expect(within(card).getByText("Núñez S.L. · B12345678 · a@b · — · —")).toBeTruthy();
    expect(within(card).getByText("El correo a@b no tiene el formato correcto: línea 3")).toBeTruthy();
    expect(within(dialog).queryByRole("table")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Descargar fichero de errores" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Reintentar" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Cerrar" })).toBeTruthy();
  });
});

describe("a failed call's params (app/api.ts)", () => {
  it("travel with its error key, so that the text names them", async () => {
    stubServer(() => json(400, { result: false, error: "import.header-missing", params: { title: "cif" } }));
    const error = await api.get("/imports/runs/5").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const { key, params } = error as ApiError;
    expect(params).toEqual({ title: "cif" });
    expect(importText(key, params)).toBe("Cabecera cif no encontrada en la excel");
  });

  it("are read from a refusal answered with 200 too, and left out when the server sent none", async () => {
    stubServer((path) =>
      path === "/a"
        ? json(200, { result: false, error: "validate.mailinvalid", params: { mail: "x@", row: "4" } })
        : json(404, { result: false, error: "import.not-found" }),
    );
    const named = (await api.get("/a").catch((e: unknown) => e)) as ApiError;
    expect(importText(named.key, named.params)).toBe("El correo x@ no tiene el formato correcto: línea 4");
    const plain = (await api.get("/b").catch((e: unknown) => e)) as ApiError;
    expect(plain.key).toBe("import.not-found");
    expect(plain.params).toBeUndefined();
  });
});
