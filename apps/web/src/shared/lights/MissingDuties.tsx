import type { MissingDuty } from "@coordina/domain";
import { Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import { providerMissingQuery } from "./api/providerMissing";
import texts from "./es.json";
import { nameList, readName, uploadName } from "./names";

addTexts(texts);

/** One missing duty in a few words: 'Seguro RC (caducado)', 'Formación PRL', 'Riesgos (riesgos.pdf)'. */
export function missingName(duty: MissingDuty): string {
  return duty.kind === "read" ? readName(duty) : uploadName(duty);
}

interface MissingLineProps {
  /**
   * the light's kind: its uploads, its reads, or the documents waiting for validation ('Esperan
   * validación: …'; while their names are on their way the line is empty, as the light's first line
   * already gives the figure)
   */
  kind: "upload" | "read" | "pending";
  /** the names, once they are here ([] while they are on their way, or if they cannot come) */
  names: string[];
  /** the names in words ('a, b y 3 más'; by default nameList) */
  list?: string;
  /** `list` names groups with colons ('Limpiezas Sol: Seguro RC; …'), so a dash, not a colon, leads it */
  grouped?: boolean;
  fetching: boolean;
  /** the light's figures, said while the names are on their way (or if they cannot come) */
  short: number;
  required: number;
}

/**
 * The second line of a light that is not green: 'Faltan 2 de 5: Seguro RC (caducado), Formación PRL', or
 * the figures ('Faltan 2 de 5.') while the names are on their way (also when reopened, so names read
 * earlier do not show for a moment) or if they cannot come. It counts every name, those beyond NAMED
 * included, so it says as many as the light is short. A polite live region: a screen reader hears the
 * names when they land.
 */
export function MissingLine({ kind, names, list, grouped = false, fetching, short, required }: MissingLineProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "light-missing" });
  const words =
    names.length > 0
      ? t(`${grouped ? "grouped-" : ""}${kind}-list`, { count: names.length, required, list: list ?? nameList(names) })
      : kind === "pending"
        ? ""
        : t("short", { count: short, required });
  return (
    <Text size="sm" inherit data-testid="light-missing" aria-live="polite" aria-busy={fetching}>
      {words}
    </Text>
  );
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
 * RC (caducado), Formación PRL' (MissingLine). Mounted only while the light's words are open
 * (TrafficLight's `detail`), so it asks the server then and only then.
 */
export function MissingDuties({ communityId, providerId, kind, short, required }: MissingDutiesProps) {
  const missing = useQuery(providerMissingQuery(communityId, providerId));
  const names =
    missing.isFetching || missing.isError
      ? []
      : (missing.data ?? []).filter((duty) => duty.kind === kind).map(missingName);
  return <MissingLine kind={kind} names={names} fetching={missing.isFetching} short={short} required={required} />;
}
