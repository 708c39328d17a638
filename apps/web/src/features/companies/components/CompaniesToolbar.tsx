import { Role, type SummaryName } from "@coordina/domain";
import { Button, Checkbox } from "@mantine/core";
import { IconDownload, IconFileDescription, IconId, IconPlus } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ImportButton } from "../../../shared/imports/ImportButton";
import { useDownloadSummary } from "../api/downloadSummary";
import type { ListedType } from "./CompanyListRow";

const SUMMARY: Record<ListedType, SummaryName> = {
  [Role.administrador]: "colegio_created",
  [Role.gremio]: "colegio_providers_summary",
};

/** The three ways of adding a company (spec 01 §2): the invitation, the NIF form and the full form. */
export type AddWay = "invitation" | "nif" | "full";

interface CompaniesToolbarProps {
  type: ListedType;
  /** providers: 'Ver solo docs pendientes', as the address has it */
  onlyPending: boolean;
  onOnlyPending: (on: boolean) => void;
  onAdd: (way: AddWay) => void;
}

/**
 * The list's buttons: the providers' pending filter, 'Resumen' (the CSV summary), 'Importar Excel' with its
 * template, and the three adds.
 */
export function CompaniesToolbar({ type, onlyPending, onOnlyPending, onAdd }: CompaniesToolbarProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "companies-page" });
  const summary = useDownloadSummary();
  // The box follows the click at once; the address (and with it the list) follows a moment later.
  const [checked, setChecked] = useState(onlyPending);
  useEffect(() => setChecked(onlyPending), [onlyPending]);
  return (
    <>
      {type === Role.gremio && (
        <Checkbox
          label={t("only-pending")}
          checked={checked}
          onChange={(e) => {
            setChecked(e.currentTarget.checked);
            onOnlyPending(e.currentTarget.checked);
          }}
        />
      )}
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={summary.isPending}
        onClick={() => summary.mutate(SUMMARY[type])}
      >
        {t("summary")}
      </Button>
      <ImportButton kind={type === Role.gremio ? "providers" : "administrators"} />
      <Button leftSection={<IconPlus size={16} />} onClick={() => onAdd("invitation")}>
        {t("add")}
      </Button>
      <Button variant="light" leftSection={<IconId size={16} />} onClick={() => onAdd("nif")}>
        {t("add-by-nif")}
      </Button>
      <Button variant="light" leftSection={<IconFileDescription size={16} />} onClick={() => onAdd("full")}>
        {t("add-full")}
      </Button>
    </>
  );
}
