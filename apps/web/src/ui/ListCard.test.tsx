import { DEBOUNCE_MS } from "@coordina/domain";
import { Table } from "@mantine/core";
import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { onPhone } from "../../test/phone";
import { renderInApp } from "../../test/render";
import { ItemCard, ItemTitle } from "./ItemCard";
import { ListCard, type ListCardProps } from "./ListCard";

type Sort = "name" | "city";

const ROWS = [
  ["Comunidad Norte", "Madrid"],
  ["Comunidad Sur", "Sevilla"],
];

function rowsOf(data: string[][]) {
  return data.map(([name, city]) => (
    <Table.Tr key={name}>
      <Table.Td>{name}</Table.Td>
      <Table.Td>{city}</Table.Td>
    </Table.Tr>
  ));
}

function cardsOf(data: string[][]) {
  return data.map(([name, city]) => (
    <ItemCard key={name} data-name={name} actions={null}>
      <ItemTitle>{name}</ItemTitle>
      {city}
    </ItemCard>
  ));
}

function renderList(props: Partial<ListCardProps<Sort>> = {}) {
  return renderInApp(
    <ListCard<Sort>
      title="Comunidades"
      columns={["Nombre", "Municipio"]}
      empty="No hay comunidades"
      cards={cardsOf(ROWS)}
      {...props}
    />,
  );
}

/** The body rows of the list's table (the header row left out). */
function bodyRows() {
  const [, body] = screen.getAllByRole("rowgroup");
  return within(body!).getAllByRole("row");
}

afterEach(() => {
  vi.useRealTimers();
});

describe("ListCard", () => {
  it("shows its title, its column headers and each row", () => {
    renderList({ rows: rowsOf(ROWS) });
    expect(screen.getByRole("heading", { name: "Comunidades" })).toBeTruthy();
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Nombre", "Municipio"]);
    const rows = bodyRows();
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole("cell", { name: "Comunidad Norte" })).toBeTruthy();
    expect(within(rows[1]!).getByRole("cell", { name: "Sevilla" })).toBeTruthy();
    expect(screen.queryByText("No hay comunidades")).toBeNull();
  });

  it("shows the empty text across the table when there are no rows", () => {
    renderList({ rows: [] });
    const cell = screen.getByRole("cell", { name: "No hay comunidades" });
    expect(cell.getAttribute("colspan")).toBe("2");
  });

  it("says how many there are after 'Num:' when given a count", () => {
    renderList({ rows: rowsOf(ROWS), count: 37 });
    expect(screen.getByText("Num: 37")).toBeTruthy();
  });

  it("shows the pages only when there is more than one, and reports the page clicked", async () => {
    const onPage = vi.fn();
    const { rerender, user } = renderList({ rows: rowsOf(ROWS), page: 1, totalPages: 1, onPage });
    expect(screen.queryByRole("button", { name: "Página 2" })).toBeNull();

    rerender(
      <ListCard<Sort>
        title="Comunidades"
        columns={["Nombre", "Municipio"]}
        empty="No hay comunidades"
        rows={rowsOf(ROWS)}
        cards={cardsOf(ROWS)}
        page={1}
        totalPages={3}
        onPage={onPage}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Página 2" }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it("names every button of its pages for a screen reader, the arrows included", async () => {
    const onPage = vi.fn();
    const { user } = renderList({ rows: rowsOf(ROWS), page: 2, totalPages: 3, onPage });
    const names = screen.getAllByRole("button").map((button) => button.getAttribute("aria-label"));
    expect(names).toEqual(["Página anterior", "Página 1", "Página 2", "Página 3", "Página siguiente"]);
    expect(screen.getByRole("button", { name: "Página 2" }).getAttribute("aria-current")).toBe("page");
    await user.click(screen.getByRole("button", { name: "Página siguiente" }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole("button", { name: "Página anterior" }));
    expect(onPage).toHaveBeenLastCalledWith(1);
  });

  it("goes back to the last page there is when rows went away, but not while they are reloading", () => {
    const onPage = vi.fn();
    const props = { rows: rowsOf(ROWS), count: 21, page: 3, totalPages: 2, onPage };
    const { rerender } = renderList({ ...props, refreshing: true });
    expect(onPage).not.toHaveBeenCalled();

    rerender(
      <ListCard<Sort>
        title="Comunidades"
        columns={["Nombre", "Municipio"]}
        empty=""
        cards={[]}
        {...props}
        refreshing={false}
      />,
    );
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it("sorts by a sortable column when its header is clicked and tells which way it is sorted", async () => {
    const onSort = vi.fn();
    const { user } = renderList({
      columns: [{ label: "Nombre", sortKey: "name" }, "Municipio"],
      rows: rowsOf(ROWS),
      sort: { by: "name", dir: "DESC" },
      onSort,
    });
    const [name, city] = screen.getAllByRole("columnheader");
    expect(name!.getAttribute("aria-sort")).toBe("descending");
    // A column without a sort key is plain text, not a button.
    expect(within(city!).queryByRole("button")).toBeNull();

    await user.click(within(name!).getByRole("button", { name: "Nombre" }));
    expect(onSort).toHaveBeenCalledWith("name");
  });

  it("offers no search box without onSearch", () => {
    renderList({ rows: rowsOf(ROWS) });
    expect(screen.queryByRole("textbox", { name: "Buscar" })).toBeNull();
  });

  it("reports the search once typing has stopped for the debounce time", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onSearch = vi.fn();
    const { user } = renderInApp(
      <ListCard title="Comunidades" columns={["Nombre"]} empty="—" cards={[]} onSearch={onSearch} />,
      {
        userOptions: { advanceTimers: vi.advanceTimersByTime },
      },
    );
    const box = screen.getByRole("textbox", { name: "Buscar" });
    expect(box.getAttribute("placeholder")).toBe("Buscar");

    await user.type(box, "Norte");
    expect(onSearch).not.toHaveBeenCalledWith("Norte");
    act(() => vi.advanceTimersByTime(DEBOUNCE_MS.search));
    expect(onSearch).toHaveBeenLastCalledWith("Norte");
    expect(onSearch.mock.calls.filter(([value]) => value !== "")).toEqual([["Norte"]]);
  });

  describe("on a phone, the rows as cards", () => {
    it("shows the cards as a list named by the title instead of the table", () => {
      onPhone();
      renderList({ rows: rowsOf(ROWS), cards: cardsOf(ROWS), cardsTestId: "communities-cards" });
      expect(screen.queryByRole("table")).toBeNull();
      const list = screen.getByRole("list", { name: "Comunidades" });
      expect(list.getAttribute("data-testid")).toBe("communities-cards");
      expect(
        within(list)
          .getAllByRole("listitem")
          .map((card) => card.getAttribute("data-name")),
      ).toEqual(["Comunidad Norte", "Comunidad Sur"]);
    });

    it("shows the empty text without cards", () => {
      onPhone();
      renderList({ rows: [], cards: [] });
      expect(screen.queryByRole("list")).toBeNull();
      expect(screen.getByText("No hay comunidades")).toBeTruthy();
    });

    it("sorts with a picker of the sortable columns and a button that flips the order", async () => {
      onPhone();
      const onSort = vi.fn();
      const { user } = renderList({
        columns: [{ label: "Nombre", sortKey: "name" }, { label: "Municipio", sortKey: "city" }, "Acciones"],
        rows: rowsOf(ROWS),
        cards: cardsOf(ROWS),
        sort: { by: "name", dir: "ASC" },
        onSort,
      });
      const picker = screen.getByRole("combobox", { name: "Ordenar por" }) as HTMLSelectElement;
      expect(picker.value).toBe("name");
      expect([...picker.options].map((option) => option.textContent)).toEqual(["Nombre", "Municipio"]);
      await user.selectOptions(picker, "city");
      expect(onSort).toHaveBeenLastCalledWith("city");
      await user.click(screen.getByRole("button", { name: /Orden ascendente/ }));
      expect(onSort).toHaveBeenLastCalledWith("name");
    });

    it("keeps the table on a wider screen", () => {
      renderList({ rows: rowsOf(ROWS), cards: cardsOf(ROWS) });
      expect(screen.getByRole("table")).toBeTruthy();
      expect(screen.queryByRole("list")).toBeNull();
      expect(screen.queryByRole("combobox", { name: "Ordenar por" })).toBeNull();
    });
  });

  it("on a wider screen, its table is no stop of the keyboard", () => {
    renderList({ rows: rowsOf(ROWS) });
    expect(screen.getByRole("table")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Comunidades" })).toBeNull();
  });
});
