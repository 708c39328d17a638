import { DEBOUNCE_MS } from "@coordina/domain";
import { Table } from "@mantine/core";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../test/render";
import { ApiError } from "../app/api";
import { ItemCard, ItemTitle } from "./ItemCard";
import { ListCard, type SortState } from "./ListCard";
import { type Paging, usePagedList } from "./usePagedList";

interface Community {
  id: number;
  name: string;
}

/** 23 communities on the server, 'Comunidad 1' to 'Comunidad 23'. */
const ALL: Community[] = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `Comunidad ${i + 1}` }));

/** A server that pages, searches and sorts by name, as the API does. */
function server() {
  return vi.fn(async ({ page, limit, filter, sortBy, sortDesc }: Paging<"name">) => {
    const found = ALL.filter((c) => c.name.includes(filter));
    if (sortBy === "name") found.sort((a, b) => a.name.localeCompare(b.name) * (sortDesc === "DESC" ? -1 : 1));
    return { data: found.slice((page - 1) * limit, page * limit), count: found.length, pagination: { limit } };
  });
}

function Communities({
  fetch,
  sort,
}: {
  fetch: (paging: Paging<"name">) => Promise<{ data: Community[]; count: number }>;
  sort?: SortState<"name"> | null;
}) {
  const list = usePagedList("communities", {}, fetch, "No hay comunidades", sort === undefined ? {} : { sort });
  return (
    <ListCard<"name">
      title="Comunidades"
      columns={[{ label: "Nombre", sortKey: "name" }]}
      rows={list.rows.map((c) => (
        <Table.Tr key={c.id}>
          <Table.Td>{c.name}</Table.Td>
        </Table.Tr>
      ))}
      cards={list.rows.map((c) => (
        <ItemCard key={c.id} actions={null}>
          <ItemTitle>{c.name}</ItemTitle>
        </ItemCard>
      ))}
      {...list.listProps}
    />
  );
}

/** The names in the list's body, in order. */
function shownNames() {
  return screen.queryAllByRole("cell").map((cell) => cell.textContent);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("usePagedList in a ListCard", () => {
  it("says it is loading, then shows the first page, the count and the pages", async () => {
    const fetch = server();
    renderInApp(<Communities fetch={fetch} />);
    expect(screen.getByText("Cargando…")).toBeTruthy();

    expect(await screen.findByText("Comunidad 1")).toBeTruthy();
    expect(shownNames()).toHaveLength(10);
    expect(screen.getByText("Num: 23")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Página 3" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Página 4" })).toBeNull();
    expect(fetch).toHaveBeenCalledWith(expect.objectContaining({ page: 1, limit: 10, filter: "" }));
  });

  it("shows the page clicked", async () => {
    const { user } = renderInApp(<Communities fetch={server()} />);
    await screen.findByText("Comunidad 1");

    await user.click(screen.getByRole("button", { name: "Página 3" }));
    await waitFor(() => expect(shownNames()).toEqual(["Comunidad 21", "Comunidad 22", "Comunidad 23"]));
  });

  it("searches on the server and goes back to page 1 for a new search", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = server();
    const { user } = renderInApp(<Communities fetch={fetch} />, {
      userOptions: { advanceTimers: vi.advanceTimersByTime },
    });
    await screen.findByText("Comunidad 1");
    await user.click(screen.getByRole("button", { name: "Página 2" }));
    await screen.findByText("Comunidad 11");

    await user.type(screen.getByRole("textbox", { name: "Buscar" }), " 2 ");
    act(() => vi.advanceTimersByTime(DEBOUNCE_MS.search));
    // The search is sent trimmed, from page 1.
    await waitFor(() => expect(screen.getByText("Num: 6")).toBeTruthy());
    expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, filter: "2" }));
    expect(shownNames()).toEqual([
      "Comunidad 2",
      "Comunidad 12",
      "Comunidad 20",
      "Comunidad 21",
      "Comunidad 22",
      "Comunidad 23",
    ]);
  });

  it("shows the empty text when nothing matches", async () => {
    const fetch = vi.fn(async () => ({ data: [], count: 0 }));
    renderInApp(<Communities fetch={fetch} />);
    expect(await screen.findByText("No hay comunidades")).toBeTruthy();
    expect(screen.getByText("Num: 0")).toBeTruthy();
  });

  it("shows why a list could not be read, in Spanish, instead of rows", async () => {
    const fetch = vi.fn(async () => {
      throw new ApiError("error.forbidden", 403);
    });
    renderInApp(<Communities fetch={fetch} />);
    expect(await screen.findByText("No tienes permiso para realizar esta operación.")).toBeTruthy();
    expect(shownNames()).toEqual(["No tienes permiso para realizar esta operación."]);
  });

  it("without a sort the columns do not sort", async () => {
    renderInApp(<Communities fetch={server()} />);
    await screen.findByText("Comunidad 1");
    expect(screen.queryByRole("button", { name: "Nombre" })).toBeNull();
  });

  it("in a sorted list a column click sorts ascending, a second descending, each from page 1", async () => {
    const fetch = server();
    const { user } = renderInApp(<Communities fetch={fetch} sort={null} />);
    await screen.findByText("Comunidad 1");
    await user.click(screen.getByRole("button", { name: "Página 2" }));
    await screen.findByText("Comunidad 11");

    const header = screen.getByRole("columnheader", { name: "Nombre" });
    expect(header.getAttribute("aria-sort")).toBe("none");
    await user.click(screen.getByRole("button", { name: "Nombre" }));
    await waitFor(() => expect(header.getAttribute("aria-sort")).toBe("ascending"));
    expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, sortBy: "name", sortDesc: "ASC" }));
    await waitFor(() => expect(shownNames()[1]).toBe("Comunidad 10"));

    await user.click(screen.getByRole("button", { name: "Nombre" }));
    await waitFor(() => expect(header.getAttribute("aria-sort")).toBe("descending"));
    await waitFor(() => expect(shownNames()[0]).toBe("Comunidad 9"));
    expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, sortBy: "name", sortDesc: "DESC" }));
  });
});
