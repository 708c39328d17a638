import { screen } from "@testing-library/react";
import { Link, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../test/render";
import { ErrorBoundary } from "./ErrorBoundary";

const TITLE = "Algo ha fallado al mostrar esta página.";

/** A page that cannot be drawn while `broken.now` is true. */
const broken = { now: true };
function FragilePage() {
  if (broken.now) throw new Error("no se puede dibujar");
  return <p>Página dibujada</p>;
}

function renderRoutes(route: string) {
  return renderInApp(
    <ErrorBoundary>
      <Routes>
        <Route path="/" element={<p>Inicio</p>} />
        <Route path="/roto" element={<FragilePage />} />
      </Routes>
    </ErrorBoundary>,
    { route },
  );
}

beforeEach(() => {
  broken.now = true;
  // React and the boundary report the error on the console; the test reads the screen instead.
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("ErrorBoundary", () => {
  it("shows its children when nothing fails", () => {
    renderRoutes("/");
    expect(screen.getByText("Inicio")).toBeTruthy();
    expect(screen.queryByText(TITLE)).toBeNull();
  });

  it("shows a Spanish message instead of a page that throws while drawing", () => {
    renderRoutes("/roto");
    expect(screen.getByText(TITLE)).toBeTruthy();
    expect(
      screen.getByText("Puedes volver al inicio o intentarlo de nuevo; si vuelve a pasar, recarga la página."),
    ).toBeTruthy();
    expect(screen.queryByText("Página dibujada")).toBeNull();
  });

  it("its title is the level-one heading; without the app shell around it, it is also the main landmark", () => {
    const { unmount } = renderRoutes("/roto");
    expect(screen.getByRole("heading", { level: 1, name: TITLE })).toBeTruthy();
    // Inside the shell, whose main it is drawn in, it adds no second one.
    expect(screen.queryByRole("main")).toBeNull();
    unmount();

    renderInApp(
      <ErrorBoundary landmark>
        <FragilePage />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { level: 1, name: TITLE })).toBeTruthy();
    expect(screen.getByRole("main").textContent).toContain(TITLE);
  });

  it("'Volver al inicio' leads home, where the error is forgotten", async () => {
    const { user } = renderRoutes("/roto");
    const home = screen.getByRole("link", { name: "Volver al inicio" });
    expect(home.getAttribute("href")).toBe("/");

    await user.click(home);
    expect(screen.getByText("Inicio")).toBeTruthy();
    expect(screen.queryByText(TITLE)).toBeNull();
  });

  it("'Reintentar' draws the page again", async () => {
    const { user } = renderRoutes("/roto");
    broken.now = false;
    await user.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(screen.getByText("Página dibujada")).toBeTruthy();
    expect(screen.queryByText(TITLE)).toBeNull();
  });

  it("a new navigation to the same page (its menu entry) draws it again", async () => {
    const { user } = renderInApp(
      <>
        <Link to="/roto">Menú: roto</Link>
        <ErrorBoundary>
          <Routes>
            <Route path="/roto" element={<FragilePage />} />
          </Routes>
        </ErrorBoundary>
      </>,
      { route: "/roto" },
    );
    expect(screen.getByText(TITLE)).toBeTruthy();
    broken.now = false;
    await user.click(screen.getByRole("link", { name: "Menú: roto" }));
    expect(screen.getByText("Página dibujada")).toBeTruthy();
    expect(screen.queryByText(TITLE)).toBeNull();
  });

  it("'Reintentar' reloads the app when the page's code could not be downloaded", async () => {
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    function MissingChunk(): never {
      throw new TypeError("Failed to fetch dynamically imported module: /assets/Page-abc.js");
    }
    const { user } = renderInApp(
      <ErrorBoundary>
        <MissingChunk />
      </ErrorBoundary>,
    );
    await user.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it("outside the router its way home is the app's start address", () => {
    renderInApp(
      <ErrorBoundary>
        <FragilePage />
      </ErrorBoundary>,
      { route: null },
    );
    expect(screen.getByText(TITLE)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Volver al inicio" }).getAttribute("href")).toBe("#/");
  });
});
