import { readLight, uploadLight } from "@coordina/domain";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInApp } from "../../test/render";
import { CountLight, PendingLight, TrafficLight } from "./TrafficLight";

/** The light reached with the keyboard: one Tab from the start of the page. */
async function tabToLight(user: ReturnType<typeof renderInApp>["user"]) {
  await user.tab();
  const light = document.activeElement as HTMLElement;
  expect(light.getAttribute("data-light")).not.toBeNull();
  return light;
}

describe("TrafficLight", () => {
  it("is reached with the keyboard and then says in words what it counts and what is missing", async () => {
    const { user } = renderInApp(<CountLight rule={uploadLight} what="uploaded" done={3} required={5} />);
    expect(screen.getByText("3/5")).toBeTruthy();
    expect(screen.queryByRole("tooltip")).toBeNull();

    const light = await tabToLight(user);
    expect(light.getAttribute("data-light")).toBe("warn");
    expect(light.getAttribute("aria-label")).toBe("Documentos subidos: 3 de 5. Faltan 2.");
    expect((await screen.findByRole("tooltip")).textContent).toBe("Documentos subidos: 3 de 5. Faltan 2.");
  });

  it("says 'Nada pendiente' with a grey light and a dash when nothing is expected", async () => {
    const { user } = renderInApp(<CountLight rule={readLight} what="read" done={0} required={0} />);
    expect(screen.getByText("—")).toBeTruthy();
    expect(screen.queryByText("0/0")).toBeNull();

    const light = await tabToLight(user);
    expect(light.getAttribute("data-light")).toBe("none");
    expect((await screen.findByRole("tooltip")).textContent).toBe("Nada pendiente: no hay documentos que leer.");
  });

  it("names a met count as complete", async () => {
    const { user } = renderInApp(<CountLight rule={readLight} what="read" done={2} required={2} />);
    await tabToLight(user);
    expect((await screen.findByRole("tooltip")).textContent).toBe("Documentos leídos: 2 de 2. Completo.");
  });

  it("counts the documents waiting for validation, and a dash when none is", async () => {
    const waiting = renderInApp(<PendingLight pending={2} />);
    const light = await tabToLight(waiting.user);
    expect(light.getAttribute("data-light")).toBe("error");
    expect((await screen.findByRole("tooltip")).textContent).toBe("Documentos pendientes de validar: 2.");
    waiting.unmount();

    renderInApp(<PendingLight pending={0} />);
    expect(screen.getByText("—")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Nada pendiente de validar." })).toBeTruthy();
  });

  it("shows what is missing, mounted only once the tooltip opens", async () => {
    let mounted = 0;
    function Missing() {
      mounted += 1;
      return <span>Faltan 2 de 5: Seguro RC (caducado), Formación PRL</span>;
    }
    const { user } = renderInApp(
      <CountLight rule={uploadLight} what="uploaded" done={3} required={5} missing={() => <Missing />} />,
    );
    expect(mounted).toBe(0);
    await tabToLight(user);
    expect((await screen.findByRole("tooltip")).textContent).toBe(
      "Documentos subidos: 3 de 5.Faltan 2 de 5: Seguro RC (caducado), Formación PRL",
    );
  });

  it("opens its words on a tap too, without opening the row it stands in", async () => {
    let opened = 0;
    const { user } = renderInApp(
      // biome-ignore lint/a11y/noStaticElementInteractions: a row that opens on click, as the lists' rows do
      // biome-ignore lint/a11y/useKeyWithClickEvents: idem
      <div onClick={() => (opened += 1)}>
        <TrafficLight light="ok" label="Documentos leídos: 2 de 2. Completo." />
      </div>,
    );
    const light = screen.getByRole("button", { name: "Documentos leídos: 2 de 2. Completo." });
    await user.pointer({ keys: "[TouchA]", target: light });
    const words = await screen.findByRole("tooltip");
    expect(words.textContent).toBe("Documentos leídos: 2 de 2. Completo.");
    expect(opened).toBe(0);

    // nor does a click on its words, which React hands up through the tooltip's portal to the row (a bare
    // click event: in Mantine's test mode the words unmount the moment the light loses focus on mousedown,
    // where a browser fades them out for 100 ms and the click lands on them)
    fireEvent.click(words);
    expect(opened).toBe(0);
  });

  it("has a hit area of at least 24 × 24 px around its 12 px dot", () => {
    renderInApp(<TrafficLight light="ok" label="Correcto" />);
    const light = screen.getByRole("button", { name: "Correcto" });
    expect(light.style.width).toBe("24px");
    expect(light.style.height).toBe("24px");
    // the colour painted in the middle 12 px only
    expect(light.style.padding).toBe("6px");
    expect(light.style.backgroundClip).toBe("content-box");
  });
});
