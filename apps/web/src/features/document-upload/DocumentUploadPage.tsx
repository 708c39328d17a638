import { DEBOUNCE_MS } from "@coordina/domain";
import { Alert, Card, Select, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconInfoCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { addTexts } from "../../app/i18n";
import { roleOf, useSession } from "../../app/session";
import { communityQuery } from "../../shared/communities/api/fetchCommunity";
import { uploadCommunitiesQuery } from "../../shared/communities/api/fetchUploadCommunities";
import { definedDocumentsQuery } from "../../shared/documents/api/fetchDefinedDocuments";
import { DefinitionUploadBox } from "../../shared/documents/DefinitionUploadBox";
import { owedExpiry } from "../../shared/documents/documentRules";
import { QueryView } from "../../ui/LoadState";
import { PageFrame } from "../../ui/PageFrame";
import texts from "./es.json";
import { isPending, placeOf, type UploadPlace, uploadChoices } from "./uploadChoices";

addTexts(texts);

/** Step 1: the community, searched on the server among the caller's, or 'Todas las comunidades'. */
function CommunityPicker({ place, onChange }: { place: UploadPlace | null; onChange: (value: string | null) => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: "document-upload" });
  const role = roleOf(useSession());
  const [search, setSearch] = useState("");
  const [settled] = useDebouncedValue(search, DEBOUNCE_MS.search);
  const chosenId = typeof place === "number" ? place : 0;
  // A community named by the address that the first page of the search does not hold still shows its name.
  const chosen = useQuery(communityQuery(chosenId)).data;
  const all = { value: "all", label: t("all-communities") };
  const options = (useQuery(uploadCommunitiesQuery(role, settled)).data?.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.name} (${c.cif})`,
  }));
  const chosenLabel = chosen ? `${chosen.name} (${chosen.cif})` : undefined;
  if (chosenId && chosenLabel && !options.some((o) => o.value === String(chosenId)))
    options.unshift({ value: String(chosenId), label: chosenLabel });
  const selectedLabel = place === "all" ? all.label : options.find((o) => o.value === String(place))?.label;
  return (
    <Select
      label={t("community")}
      placeholder={t("community-placeholder")}
      searchable
      clearable
      data={[all, ...options]}
      value={place === null ? null : String(place)}
      onChange={onChange}
      // The list is searched on the server; the label of the chosen one is not a search.
      onSearchChange={(value) => setSearch(value === selectedLabel ? "" : value)}
      filter={({ options: shown }) => shown}
      nothingFoundMessage={t("no-communities")}
      data-testid="upload-community"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Step 2 and the upload: the definitions the caller uploads there, still to do first, then the chosen one's box. */
function DefinitionStep({
  place,
  definitionId,
  onChange,
}: {
  place: UploadPlace;
  definitionId: number | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "document-upload" });
  const { t: tAll } = useTranslation();
  const userId = useSession()?.user.id;
  const query = useQuery(definedDocumentsQuery(place === "all" ? { group: "ALL" } : { id_finca: place }));
  return (
    <QueryView
      query={query}
      loading={tAll("app.loading")}
      errorTestId="documents-load-error"
      isEmpty={(answer) => uploadChoices(answer.data, place).length === 0}
      empty={
        <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="no-docs">
          {t("none")}
        </Alert>
      }
    >
      {(answer) => {
        const choices = uploadChoices(answer.data, place);
        const option = (choice: (typeof choices)[number]) => ({
          value: String(choice.item.definition.id),
          label: t("option", { name: choice.item.definition.name, state: t(`state.${choice.state}`) }),
        });
        const pending = choices.filter(isPending).map(option);
        const done = choices.filter((choice) => !isPending(choice)).map(option);
        const chosen = choices.find((choice) => choice.item.definition.id === definitionId);
        const owed = chosen ? owedExpiry([chosen.item], userId) : null;
        return (
          <Stack gap="md">
            <Select
              label={t("definition")}
              placeholder={t("definition-placeholder")}
              data={[
                ...(pending.length > 0 ? [{ group: t("pending-group"), items: pending }] : []),
                ...(done.length > 0 ? [{ group: t("done-group"), items: done }] : []),
              ]}
              value={chosen ? String(definitionId) : null}
              onChange={onChange}
              allowDeselect={false}
              data-testid="upload-definition"
              comboboxProps={{ withinPortal: true }}
            />
            {chosen && (
              <DefinitionUploadBox
                key={chosen.item.definition.id}
                item={chosen.item}
                communityId={place === "all" ? undefined : place}
                owed={owed}
              />
            )}
          </Stack>
        );
      }}
    </QueryView>
  );
}

/**
 * /documents/upload 'Subir documento' (issue 23): one file for one of the caller's duties. Step 1 the community
 * (searchable among the caller's, or 'Todas las comunidades' for the general documents), step 2 the definition
 * (those the caller's role uploads there, the ones still missing, expired or incomplete first), then the same
 * upload box as everywhere (expiry dialog included). The address keeps both choices (`?finca=…&definition=…`),
 * so other screens link straight to a duty.
 */
export default function DocumentUploadPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "document-upload" });
  const [params, setParams] = useSearchParams();
  const place = placeOf(params.get("finca"));
  const definitionId = Number(params.get("definition")) || null;
  const choose = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  return (
    <PageFrame title={t("title")}>
      <Card withBorder radius="md" padding="lg" data-testid="document-upload">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("intro")}
          </Text>
          <CommunityPicker place={place} onChange={(value) => choose({ finca: value, definition: null })} />
          {place === null ? (
            <Text size="sm" c="dimmed">
              {t("choose-community")}
            </Text>
          ) : (
            <DefinitionStep
              key={String(place)}
              place={place}
              definitionId={definitionId}
              onChange={(value) => choose({ definition: value })}
            />
          )}
        </Stack>
      </Card>
    </PageFrame>
  );
}
