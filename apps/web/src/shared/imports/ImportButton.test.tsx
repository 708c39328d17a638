import type { ImportKind, ImportRow, ImportRun } from "@coordina/domain";
import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
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

/** The fake server: the run's answers in turn (the last one repeats), its rows by the `only` asked, files. */
function serve({ runs = [], rows = () => rowsPage([]) }: { runs?: ImportRun[]; rows?: (url: URL) => Response } = {}) {
  const answers = [...runs];
  return stubServer((path) => {
    if (path === "/imports/runs/5")
      return json(200, { result: true, data: answers.length > 1 ? answers.shift() : answers[0] });
    if (path === "/imports/runs/5/rows") return rows(currentUrl());
    if (path.startsWith("/imports/templates/"))
      return new Response("xlsx", {
        status: 200,
        headers: { "content-disposition": 'attachment; filename="Plantilla-Importacion.xlsx"' },
      });
    if (path === "/imports/runs/5/errors.xlsx") return new Response("xlsx", { status: 200 });
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

function renderButton(
  kind: ImportKind,
  { role = COLEGIO, idFinca, editable }: { role?: number; idFinca?: number; editable?: boolean } = {},
) {
  startTestSession([], { role });
  const rendered = renderInApp(<ImportButton kind={kind} idFinca={idFinca} editable={editable} />, {
    // The user may pick 'All files' in the browser's file chooser: the accept filter is not applied.
    userOptions: { applyAccept: false },
  });
  return { ...rendered, invalidate: vi.spyOn(rendered.queryClient, "invalidateQueries") };
}

const xlsx = (name = "proveedores.xlsx", size = 2048) =>
  new File([new Uint8Array(size)], name, {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });

/** Opens the importer and chooses `file`; answers nothing yet. */
async function openAndChoose(user: ReturnType<typeof renderButton>["user"], file: File, button = "Importar Excel") {
  await user.click(screen.getByRole("button", { name: button }));
  const dialog = await screen.findByRole("dialog");
  await user.upload(within(dialog).getByLabelText("Elegir el fichero Excel para importar"), file);
  return dialog;
}

/** Opens the importer, chooses a file and has the server answer `answer` (status 200 unless said). */
async function importFile(
  user: ReturnType<typeof renderButton>["user"],
  answer: unknown,
  { status = 200, file = xlsx(), button }: { status?: number; file?: File; button?: string } = {},
) {
  const dialog = await openAndChoose(user, file, button);
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  await act(async () => FakeXhr.sent[0]!.answer(status, answer));
  return dialog;
}

beforeEach(stubXhr);

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

  it("refuses a file that is not a spreadsheet without sending it; 'Reintentar' goes back to the chooser", async () => {
    const { user } = renderButton("providers");
    const dialog = await openAndChoose(user, new File(["%PDF"], "proveedores.pdf", { type: "application/pdf" }));
    expect(await within(dialog).findByText(NOT_A_SHEET)).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Reintentar" }));
    expect(within(dialog).getByLabelText("Elegir el fichero Excel para importar")).toBeTruthy();
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
    const { user, invalidate } = renderButton("providers");
    const dialog = await openAndChoose(user, xlsx());

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const request = FakeXhr.sent[0]!;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/imports/providers?colg_id=1");
    expect([...(request.body?.keys() ?? [])]).toEqual(["file"]);
    expect((request.field("file") as File).name).toBe("proveedores.xlsx");
    expect(within(dialog).getByText("Subiendo proveedores.xlsx… 0 %")).toBeTruthy();
    act(() => request.progress(1024, 2048));
    expect(within(dialog).getByText("Subiendo proveedores.xlsx… 50 %")).toBeTruthy();

    await act(async () => request.answer(200, { result: true, data: run() }));
    expect(within(dialog).getByText("Importando fila 0 de 3")).toBeTruthy();
    expect(within(dialog).getByRole("progressbar", { name: "Progreso de la importación" })).toBeTruthy();
    // The page asks for the run every 500 ms while it imports.
    expect(await within(dialog).findByText("Importando fila 2 de 3")).toBeTruthy();
    expect(await within(dialog).findByText("Importación realizada correctamente")).toBeTruthy();
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
    expect(currentUrl().searchParams.get("only")).toBe("all");
    expect(within(dialog).queryByRole("button", { name: "Descargar fichero de errores" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Reintentar" })).toBeNull();
    // The providers' list shows the new rows.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: [queryKeys.companyList] });

    await user.click(within(dialog).getByRole("button", { name: "Cerrar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
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
    const { user, invalidate } = renderButton("providers");
    const dialog = await importFile(user, {
      result: true,
      data: run({ status: "endErrors", done: 3, counts: counts({ invalid: 2 }) }),
    });

    expect(within(dialog).getByText("Finalizado")).toBeTruthy();
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
    expect(currentUrl().search).toContain("only=problems");
    expect(currentUrl().searchParams.get("limit")).toBe("10");
    // Validation stopped it at once: no polling.
    expect(calls.filter((c) => c.path === "/imports/runs/5")).toHaveLength(0);

    await user.click(within(dialog).getByRole("switch", { name: "Ver solo errores" }));
    expect(await within(table).findByText("Correcta; no se importó porque hay filas con errores")).toBeTruthy();
    expect(currentUrl().searchParams.get("only")).toBe("all");

    expect(
      within(dialog).getByText("Corrige las filas marcadas en la columna error y vuelve a importar el fichero."),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Descargar fichero de errores" }));
    await waitFor(() => expect(saved).toEqual(["Errores-Importacion.xlsx"]));
    expect(calls.at(-1)?.path).toBe("/imports/runs/5/errors.xlsx");

    await user.click(within(dialog).getByRole("button", { name: "Reintentar" }));
    expect(within(dialog).getByLabelText("Elegir el fichero Excel para importar")).toBeTruthy();
    expect(within(dialog).queryByRole("table")).toBeNull();
    expect(invalidate).toHaveBeenCalled();
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
    await user.click(within(dialog).getByRole("button", { name: "Reintentar" }));
    expect(within(dialog).getByLabelText("Elegir el fichero Excel para importar")).toBeTruthy();
    expect(within(dialog).queryByRole("alert")).toBeNull();
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

  it("says an interrupted import is finished by importing the same file again", async () => {
    serve({
      runs: [run({ status: "interrupted", done: 1, counts: counts({ created: 1 }) })],
      rows: () => rowsPage([provider(2)]),
    });
    const { user } = renderButton("providers");
    const dialog = await importFile(user, { result: true, data: run() });
    expect(await within(dialog).findByText(INTERRUPTED)).toBeTruthy();
    expect(within(dialog).getByTestId("import-counts").textContent).toBe("1 dada de alta");
    await user.click(within(dialog).getByRole("button", { name: "Reintentar" }));
    expect(within(dialog).getByLabelText("Elegir el fichero Excel para importar")).toBeTruthy();
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

  it("says so when the server no longer answers for the run it is following", async () => {
    stubServer(() => json(404, { result: false, error: "import.not-found" }));
    const { user } = renderButton("providers");
    const dialog = await importFile(user, { result: true, data: run() });
    expect(await within(dialog).findByText("No encontramos esa importación.")).toBeTruthy();
    expect(within(dialog).getByText("Importando fila 0 de 3")).toBeTruthy();
  });

  it("pages the results 10 at a time", async () => {
    serve({
      rows: (url) => {
        const page = Number(url.searchParams.get("page"));
        return rowsPage([provider(page === 2 ? 12 : 2)], 25);
      },
    });
    const { user } = renderButton("providers");
    const dialog = await importFile(user, {
      result: true,
      data: run({ status: "endCorrect", total: 25, done: 25, counts: counts({ created: 25 }) }),
    });
    expect(await within(dialog).findByText(/Proveedor 2 S\.L\./)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "2" }));
    expect(await within(dialog).findByText(/Proveedor 12 S\.L\./)).toBeTruthy();
    expect(currentUrl().searchParams.get("page")).toBe("2");
    expect(within(dialog).getByRole("button", { name: "3" })).toBeTruthy();
  });

  it("imports the providers of one community into that community", async () => {
    serve({ rows: () => rowsPage([]) });
    const { user, invalidate } = renderButton("community-providers", {
      role: ADMINISTRADOR,
      idFinca: 7,
      editable: true,
    });
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
    expect(invalidate).toHaveBeenCalledWith({ queryKey: [queryKeys.communityProviders] });
  });

  it("may be closed while importing (the lists reload) and opens again at the chooser", async () => {
    serve({ runs: [run({ done: 1 })] });
    const { user, invalidate } = renderButton("communities", { role: ADMINISTRADOR });
    const dialog = await importFile(
      user,
      { result: true, data: run({ kind: "communities" }) },
      {
        button: "Importar comunidades",
        file: xlsx("comunidades.xlsx"),
      },
    );
    expect(within(dialog).getByText("Importando fila 0 de 3")).toBeTruthy();
    expect(within(dialog).getByText("Puedes cerrar esta ventana: la importación sigue en el servidor.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Cerrar ventana" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: [queryKeys.communities] });

    await user.click(screen.getByRole("button", { name: "Importar comunidades" }));
    const again = await screen.findByRole("dialog");
    expect(within(again).getByLabelText("Elegir el fichero Excel para importar")).toBeTruthy();
    expect(within(again).queryByText(/Importando fila/)).toBeNull();
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
