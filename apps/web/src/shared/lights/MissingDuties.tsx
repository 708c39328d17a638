import type { MissingDuty } from "@coordina/domain";
import { Text } from "@mantine/core";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../app/api";
import i18n, { addTexts } from "../../app/i18n";
import { queryKeys } from "../../app/queryKeys";
import texts from "./es.json";

addTexts(texts);

/**
 * What one provider still lacks in one community (companies/providers/missing_in_finca, docs/compliance.md
 * rule 11), for its administrator, its colegio or the provider itself. Read again each time a light's
 * words open, so they follow uploads and reads done since.
 */
export const providerMissingQuery = (communityId: number, providerId: number) =>
  queryOptions({
    queryKey: queryKeys.providerMissing(communityId, providerId),
    queryFn: async () => {
      const answer = await api.post<{ data: MissingDuty[] }>("/companies/providers/missing_in_finca", {
        id_finca: communityId,
        id_gremio: providerId,
      });
      return answer.data;
    },
    staleTime: 0,
  });

/** One missing duty in a few words: 'Seguro RC (caducado)', 'Formación PRL', 'Riesgos (riesgos.pdf)'. */
export function missingName(duty: MissingDuty): string {
  if (duty.kind === "read")
    return i18n.t("light-missing.read", { definition: duty.definition_name, document: duty.document_name });
  return i18n.t(`light-missing.${duty.reason}`, { definition: duty.definition_name });
}

interface MissingDutiesProps {
  communityId: number;
  providerId: number;
  /** the light's kind: its uploads or its reads */
  kind: "upload" | "read";
  /** the light's figures, said while the names are on their way (or if they cannot come) */
  short: number;
  required: number;
}

/**
 * The second line of a provider's light in one community, when it is not green: 'Faltan 2 de 5: Seguro
 * RC (caducado), Formación PRL'. Mounted only while the light's words are open (TrafficLight's `detail`),
 * so it asks the server then and only then. While the answer is on its way (also when reopened, so names
 * read earlier do not show for a moment) or if it cannot come, it says the figures ('Faltan 2 de 5.');
 * the line is a polite live region, so a screen reader hears the names when they land.
 */
export function MissingDuties({ communityId, providerId, kind, short, required }: MissingDutiesProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "light-missing" });
  const missing = useQuery(providerMissingQuery(communityId, providerId));
  const names = missing.isFetching ? [] : (missing.data ?? []).filter((duty) => duty.kind === kind).map(missingName);
  const words =
    names.length > 0
      ? t(`${kind}-list`, { count: names.length, required, list: names.join(", ") })
      : t("short", { count: short, required });
  return (
    <Text size="sm" inherit data-testid="light-missing" aria-live="polite" aria-busy={missing.isFetching}>
      {words}
    </Text>
  );
}
