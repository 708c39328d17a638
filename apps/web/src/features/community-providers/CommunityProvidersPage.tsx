import {
  type CommunityProviderRow,
  type CommunityProviderSortKey,
  type CommunityView,
  PAGE_SIZE,
  readLight,
  uploadLight,
} from "@coordina/domain";
import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconEye, IconPlus, IconTrash, IconTruck } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type MouseEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useOutletContext } from "react-router";
import { showErrorMessage } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { useDevelopmentMode } from "../../app/useDevelopmentMode";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { ListCard, type ListColumn } from "../../ui/ListCard";
import { NoticeAlert } from "../../ui/NoticeAlert";
import { TrafficLight } from "../../ui/TrafficLight";
import { usePagedList } from "../../ui/usePagedList";
import { COMMUNITY_PROVIDERS_KEY, fetchCommunityProviders } from "./api/fetchCommunityProviders";
import { removeCommunityProvider } from "./api/removeCommunityProvider";
import { refreshCommunity } from "./communityQueries";
import { ProviderPickerModal } from "./components/ProviderPickerModal";
import texts from "./es.json";
import { type ProviderLinkState, providerPath } from "./providerLink";

addTexts(texts);

const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * The providers of a community (spec 02 §2 'Providers of a community'): search, sorting and paging on the
 * server (the server sets the page size), upload and read lights, view and, for the community's
 * administrator, remove and 'Añadir Proveedor'.
 */
export default function CommunityProvidersPage() {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`community-providers-page.${key}`, values);
  const community = useOutletContext<CommunityView>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const development = useDevelopmentMode();
  const [notice, setNotice] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [confirming, setConfirming] = useState<CommunityProviderRow | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const list = usePagedList<CommunityProviderRow, CommunityProviderSortKey>(
    COMMUNITY_PROVIDERS_KEY,
    { idFinca: community.id },
    // The page size is the server's: the request leaves `limit` out and the answer names it.
    ({ page, filter, sortBy, sortDesc }) =>
      fetchCommunityProviders({ idFinca: community.id, page, filter, sortBy, sortDesc }),
    k("empty"),
    { limit: PAGE_SIZE.communityProviders, sort: null },
  );

  const changed = () => {
    list.refresh();
    refreshCommunity(queryClient, community.id);
  };

  const open = (row: CommunityProviderRow) => {
    const state: ProviderLinkState = { name: row.name, active: row.active };
    navigate(providerPath(community.id, row.id_provider), { state });
  };

  async function remove(row: CommunityProviderRow) {
    setBusy(row.id);
    setNotice(null);
    try {
      await removeCommunityProvider(row.id);
      setNotice(k("removed", { name: row.name }));
    } catch {
      // The spec's message (02 §8) in the error dialog, whatever the reason.
      showErrorMessage(t("companies-providers.error-remove"));
    } finally {
      setBusy(null);
      changed();
    }
  }

  const col = (key: string, sortKey?: CommunityProviderSortKey): ListColumn<CommunityProviderSortKey> => ({
    label: k(`columns.${key}`),
    sortKey,
  });
  const columns: ListColumn<CommunityProviderSortKey>[] = [
    ...(development ? [col("id")] : []),
    col("name", "name"),
    col("uploaded", "uploaded"),
    col("read", "read"),
    col("actions"),
  ];

  const rows = list.rows.map((row) => (
    <Table.Tr key={row.id} onClick={() => open(row)} style={{ cursor: "pointer" }} data-provider-id={row.id_provider}>
      {development && <Table.Td>{row.id_provider}</Table.Td>}
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {row.name}
          </Text>
          {!row.active && (
            <Badge color="red" variant="light" size="sm">
              {k("deactivated")}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {row.cif}
        </Text>
      </Table.Td>
      <Table.Td>
        <TrafficLight light={uploadLight(row.uploaded_count, row.upload_must)}>
          {row.uploaded_count}/{row.upload_must}
        </TrafficLight>
      </Table.Td>
      <Table.Td>
        <TrafficLight light={readLight(row.readed_count, row.readed_must)}>
          {row.readed_count}/{row.readed_must}
        </TrafficLight>
      </Table.Td>
      <Table.Td onClick={stop}>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={k("view", { name: row.name })}>
            <ActionIcon variant="subtle" aria-label={k("view", { name: row.name })} onClick={() => open(row)}>
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
          {community.editable && (
            <Tooltip label={k("remove", { name: row.name })}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={k("remove", { name: row.name })}
                loading={busy === row.id}
                disabled={busy !== null}
                onClick={() => setConfirming(row)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  ));

  return (
    <Stack gap="md">
      {notice && (
        <NoticeAlert onClose={() => setNotice(null)} testId="community-providers-notice">
          {notice}
        </NoticeAlert>
      )}
      <ListCard
        title={k("title")}
        icon={<IconTruck size={20} />}
        columns={columns}
        rows={rows}
        {...list.listProps}
        actions={
          community.editable && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setPicking(true)}>
              {k("add")}
            </Button>
          )
        }
      />
      {community.editable && (
        <ProviderPickerModal
          opened={picking}
          communityId={community.id}
          onClose={() => setPicking(false)}
          onAdded={() => {
            setNotice(null);
            changed();
          }}
        />
      )}
      <ConfirmDialog
        subject={confirming}
        title={k("confirm-remove.title")}
        text={(row) => t("companies-providers.confirm-erase", { name: row.name })}
        cancelLabel={k("confirm-remove.back")}
        confirmLabel={k("confirm-remove.confirm")}
        onClose={() => setConfirming(null)}
        onConfirm={(row) => void remove(row)}
      />
    </Stack>
  );
}
