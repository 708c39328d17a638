import { type CompanyRow, Role } from "@coordina/domain";
import { IconBan, IconCircleCheck } from "@tabler/icons-react";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInApp } from "../../../../test/render";
import type { IconActionProps } from "../../../ui/RowActions";
import { CompanyCard } from "./CompanyListRow";

const ROW: CompanyRow = {
  id: 1,
  company_id: 12,
  company_erased: false,
  company_type: Role.gremio,
  company_name: "Ascensores Levante S.L.",
  company_cif: "B12345678",
  company_owner_company: null,
  company_owner_user: null,
  registered: true,
  created: "2026-01-15T10:00:00.000Z",
  activities: [],
  all_uploaded: 3,
  upload_must: 5,
  read_all: 1,
  read_must: 1,
  pending_validation: 0,
  owned_fincas: 0,
  provider_fincas: 2,
};

/**
 * The list's row actions as the companies page sets them up: the look of its table toggle, which shows
 * what the member is (a green check while active, a red ban while deactivated).
 */
const TOGGLE: Record<"activate" | "deactivate", IconActionProps> = {
  activate: { label: "Activar", icon: <IconBan size={20} />, color: "red", onClick: () => {} },
  deactivate: { label: "Desactivar", icon: <IconCircleCheck size={20} />, color: "green", onClick: () => {} },
};

function renderCard(row: CompanyRow) {
  const actions = {
    start: () => {},
    button: (name: "activate" | "deactivate") => TOGGLE[name],
    isRunning: () => false,
    busy: false,
    notice: null,
    setNotice: () => {},
    question: null,
    answer: () => {},
  };
  return renderInApp(
    <CompanyCard
      row={row}
      type={Role.gremio}
      actions={actions}
      linkState={{ back: "/admin/proveedor" }}
      onOpen={() => {}}
      onEdit={() => {}}
    />,
  );
}

describe("a member company's phone card (CompanyCard)", () => {
  it("offers 'Desactivar' in its menu as what it does: a red ban, not the active toggle's green check", async () => {
    const { user } = renderCard(ROW);
    await user.click(screen.getByRole("button", { name: "Más acciones: Ascensores Levante S.L." }));
    const entry = await screen.findByRole("menuitem", { name: "Desactivar" });
    expect(entry.querySelector(".tabler-icon-ban")).not.toBeNull();
    expect(entry.querySelector(".tabler-icon-circle-check")).toBeNull();
    expect(entry.getAttribute("style")).toContain("red");
  });

  it("offers 'Activar' on a deactivated member as a green check", () => {
    renderCard({ ...ROW, company_erased: true });
    const button = screen.getByRole("button", { name: "Activar" });
    expect(button.querySelector(".tabler-icon-circle-check")).not.toBeNull();
    expect(button.querySelector(".tabler-icon-ban")).toBeNull();
    expect(button.getAttribute("style")).toContain("green");
  });
});
