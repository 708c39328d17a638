import {
  PAGE_SIZE,
  type ProviderFincaRow,
  type ProviderFincaSortKey,
  providerDocsLight,
  readLight,
} from "@coordina/domain";
import { Button, Table, Text } from "@mantine/core";
import { IconBuildingCommunity, IconFileSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MissingDuties } from "../../../shared/lights/MissingDuties";
import { ItemCard, ItemLights, ItemMeta, ItemTitle } from "../../../ui/ItemCard";
import { ListCard } from "../../../ui/ListCard";
import { listColumns } from "../../../ui/listColumns";
import { CountLight } from "../../../ui/TrafficLight";
import { usePagedList } from "../../../ui/usePagedList";
import { fetchProviderFincas, PROVIDER_FINCAS_KEY } from "../api/fetchProviderFincas";
import { FincaDocumentsModal, type FincaDocumentsSubject } from "./FincaDocumentsModal";

/**
 * The communities of the colegio a provider serves ('Comunidades' of /admin/proveedor/{id}, spec 02 §2
 * 'Provider detail by the association'): search, 10 a page, sorted by name; each with its administrator,
 * the provider's mandatory uploads there (light: red when none is met, green when all are, amber between)
 * and its mandatory reads (read light), and 'Ver documentos', which opens the provider's documents there
 * for validation. The list is read again when that modal closes.
 */
export function ProviderCommunities({ providerId }: { providerId: number }) {
  const { t } = useTranslation(undefined, { keyPrefix: "companies-page.provider.communities" });
  const [subject, setSubject] = useState<FincaDocumentsSubject | null>(null);
  const [opened, setOpened] = useState(false);
  const list = usePagedList<ProviderFincaRow, ProviderFincaSortKey>(
    PROVIDER_FINCAS_KEY,
    { providerId },
    (paging) => fetchProviderFincas(providerId, paging),
    t("empty"),
    { limit: PAGE_SIZE.defaultRows, sort: { by: "name", dir: "ASC" } },
  );

  const columns = listColumns<ProviderFincaSortKey>(
    (key) => t(`columns.${key}`),
    [["finca", "name"], ["cif", "cif"], ["admin"], ["docs", "docs"], ["read"], ["actions"]],
  );

  // The pieces of a community's row, in the table and on its card alike.
  const docsLight = (row: ProviderFincaRow) => (
    <CountLight
      rule={providerDocsLight}
      what="uploaded"
      done={row.count_provider}
      required={row.count_total}
      missing={(figures) => (
        <MissingDuties communityId={row.id_finca} providerId={providerId} kind="upload" {...figures} />
      )}
    />
  );
  const readsLight = (row: ProviderFincaRow) => (
    <CountLight
      rule={readLight}
      what="read"
      done={row.readed}
      required={row.must_read}
      missing={(figures) => (
        <MissingDuties communityId={row.id_finca} providerId={providerId} kind="read" {...figures} />
      )}
    />
  );
  const viewButton = (row: ProviderFincaRow) => (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconFileSearch size={16} aria-hidden />}
      aria-label={t("view-named", { name: row.finca })}
      onClick={() => {
        setSubject({ fincaId: row.id_finca, fincaName: row.finca, providerId });
        setOpened(true);
      }}
    >
      {t("view")}
    </Button>
  );

  const rows = list.rows.map((row) => (
    <Table.Tr key={row.id_finca} data-finca-id={row.id_finca}>
      <Table.Td>
        <Text size="sm" fw={600}>
          {row.finca}
        </Text>
      </Table.Td>
      <Table.Td>{row.finca_cif}</Table.Td>
      <Table.Td>{row.admin}</Table.Td>
      <Table.Td data-column="docs">{docsLight(row)}</Table.Td>
      <Table.Td data-column="read">{readsLight(row)}</Table.Td>
      <Table.Td>{viewButton(row)}</Table.Td>
    </Table.Tr>
  ));
  // On a phone each community is a card: name, CIF and administrator, both lights, and 'Ver documentos'.
  const cards = list.rows.map((row) => (
    <ItemCard key={row.id_finca} data-finca-id={row.id_finca} actions={viewButton(row)}>
      <ItemTitle>{row.finca}</ItemTitle>
      <ItemMeta parts={[row.finca_cif, row.admin]} />
      <ItemLights
        lights={[
          { label: t("columns.docs"), element: docsLight(row) },
          { label: t("columns.read"), element: readsLight(row) },
        ]}
      />
    </ItemCard>
  ));

  return (
    <>
      <ListCard
        title={t("title")}
        icon={<IconBuildingCommunity size={20} />}
        columns={columns}
        rows={rows}
        cards={cards}
        cardsTestId="provider-fincas-cards"
        {...list.listProps}
      />
      <FincaDocumentsModal
        subject={subject}
        opened={opened}
        onClose={() => {
          setOpened(false);
          // The figures may have moved while the documents were open (spec 02 §2: the list refreshes on close).
          list.refresh();
        }}
      />
    </>
  );
}
