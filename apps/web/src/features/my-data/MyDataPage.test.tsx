import { Role } from "@coordina/domain";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import MyDataPage from "./MyDataPage";

const FEED_URL = "https://coordina.example/ical/abcdefghijklmnopqrstuvwxyz012345.ics";

/** The server of 'Mis datos': the company, no pending change, and the calendar address once made. */
function serve() {
  return stubServer((path) => {
    if (path === "/companies/users/company")
      return json(200, { result: true, data: { id: 2, name: "Fincas Sol", cif: "B12345678", type: 15 } });
    if (path === "/companies/users/email-change") return json(200, { result: true, data: null });
    if (path === "/calendar/feed") return json(200, { result: true, data: { url: null, created_at: null } });
    if (path === "/calendar/feed/renew")
      return json(200, { result: true, data: { url: FEED_URL, created_at: "2026-11-27 10:15" } });
    throw new Error(`unexpected call ${path}`);
  });
}

describe("'Mis datos': the calendar's private address (issue 22 item 5)", () => {
  it("is there for administrators, providers and porters, who make it and see it this once", async () => {
    for (const role of [Role.administrador, Role.gremio, Role.portero]) {
      startTestSession([], { role });
      const calls = serve();
      const { user, unmount } = renderInApp(<MyDataPage />);
      expect((await screen.findByTestId("feed-state")).textContent, String(role)).toBe(
        "Todavía no tienes una dirección de calendario.",
      );
      await user.click(screen.getByRole("button", { name: "Crear dirección" }));
      const shown = await screen.findByTestId("feed-address");
      expect(
        (within(shown).getByRole("textbox", { name: "Dirección de tu calendario" }) as HTMLInputElement).value,
      ).toBe(FEED_URL);
      expect(calls.filter((c) => c.path === "/calendar/feed/renew")).toHaveLength(1);
      unmount();
    }
  });

  it("is not there for the colegio, which the server gives none", async () => {
    startTestSession([], { role: Role.colegio });
    const calls = serve();
    renderInApp(<MyDataPage />);
    expect(await screen.findByTestId("my-company")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Calendario en tu agenda" })).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain("/calendar/feed");
  });
});
