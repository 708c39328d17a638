import type {
  ColegioMissingRead,
  ColegioMissingUpload,
  PendingDocument,
  ProviderMissingInColegio,
} from "@coordina/domain";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import i18n, { addTexts } from "../../app/i18n";
import { PendingLight } from "../../ui/TrafficLight";
import { adminProviderMissingQuery } from "./api/adminProviderMissing";
import { communityMissingQuery } from "./api/communityMissing";
import { providerMissingInColegioQuery } from "./api/providerMissingInColegio";
import texts from "./es.json";
import { MissingLine } from "./MissingDuties";
import { NAMED, readName, uploadName } from "./names";

addTexts(texts);

/*
 * What the aggregated lights name (docs/compliance.md §Words): a provider's three lights in the colegio's
 * providers list (companies/providers/missing), its two in the administrator's overview
 * (companies/admin-fincas/providers/missing) and a community's two in the communities list
 * (companies/fincas/missing). Like MissingDuties, each asks only while its words are open, and again
 * each time they open.
 */

/** An upload owed over the colegio: 'Seguro RC (caducado)', per community 'Plan de trabajo (Comunidad Sol)'. */
const colegioUploadName = (upload: ColegioMissingUpload) => uploadName(upload, upload.finca_name);

/** A document in one community: 'Plan de emergencia (plan.pdf) en Comunidad Sol'; a general one without it. */
const documentName = (doc: ColegioMissingRead | PendingDocument) => readName(doc, doc.finca_name);

interface AggregateProps {
  /** the light's kind: its uploads or its reads */
  kind: "upload" | "read";
  /** the light's figures, said while the names are on their way (or if they cannot come) */
  short: number;
  required: number;
}

/** The second line of a provider's light over several communities, from the lists `missing` read. */
function ProviderMissingOver({
  missing,
  kind,
  short,
  required,
}: AggregateProps & { missing: UseQueryResult<ProviderMissingInColegio> }) {
  const data = missing.isFetching || missing.isError ? undefined : missing.data;
  const names = !data ? [] : kind === "upload" ? data.uploads.map(colegioUploadName) : data.reads.map(documentName);
  return <MissingLine kind={kind} names={names} fetching={missing.isFetching} short={short} required={required} />;
}

/**
 * The second line of a provider's *Docs a subir* or *Docs a leer* light in the colegio's providers list,
 * when it is not green: 'Faltan 3 de 8: Seguro RC (caducado), Formación PRL (Comunidad Sol), …'; 'Faltan 2
 * de 6 por leer: Plan de emergencia (plan.pdf) en Comunidad Sol, …'.
 */
export function ColegioProviderMissing({ providerId, ...light }: AggregateProps & { providerId: number }) {
  return <ProviderMissingOver missing={useQuery(providerMissingInColegioQuery(providerId))} {...light} />;
}

/**
 * The same for a provider's *Lectura* or *Docs. Subir* light in the administrator's compliance overview, over
 * the administrator's communities it serves (companies/admin-fincas/providers/missing).
 */
export function AdminProviderMissing({ providerId, ...light }: AggregateProps & { providerId: number }) {
  return <ProviderMissingOver missing={useQuery(adminProviderMissingQuery(providerId))} {...light} />;
}

/**
 * The documents waiting for validation by name, while the light's words are open: 'Esperan validación:
 * Seguro RC (rc.pdf), …' (MissingLine; empty while the names are on their way, the light's first line
 * already giving the figure).
 */
function PendingDocuments({ providerId, pending }: { providerId: number; pending: number }) {
  const missing = useQuery(providerMissingInColegioQuery(providerId));
  const names = missing.isFetching || missing.isError ? [] : (missing.data?.pending ?? []).map(documentName);
  return <MissingLine kind="pending" names={names} fetching={missing.isFetching} short={pending} required={pending} />;
}

/**
 * A provider's *Docs pend validar* light in the colegio's providers list (PendingLight's light, figure and
 * words) whose words, while documents wait, also name them: 'Esperan validación: Seguro RC (rc.pdf), Plan de
 * trabajo (plan.pdf) en Comunidad Sol'.
 */
export function ColegioPendingLight({ providerId, pending }: { providerId: number; pending: number }) {
  return (
    <PendingLight pending={pending} missing={() => <PendingDocuments providerId={providerId} pending={pending} />} />
  );
}

/** A name in a provider's group: `provider` is its id, `group` its name. */
interface GroupedName {
  provider: number;
  group: string;
  name: string;
}

/**
 * Names in words, the first NAMED of them, each provider's after its name: 'Limpiezas Sol: Seguro RC
 * (caducado), Formación PRL; Ascensores Luna: Seguro RC', and 'y N más' for the rest.
 */
function groupedList(items: GroupedName[]): string {
  const groups: { provider: number; group: string; names: string[] }[] = [];
  for (const item of items.slice(0, NAMED)) {
    const last = groups[groups.length - 1];
    if (last && last.provider === item.provider) last.names.push(item.name);
    else groups.push({ provider: item.provider, group: item.group, names: [item.name] });
  }
  const list = groups
    .map(({ group, names }) => i18n.t("light-missing.provider", { provider: group, list: names.join(", ") }))
    .join("; ");
  return items.length > NAMED ? i18n.t("light-missing.more", { list, count: items.length - NAMED }) : list;
}

const grouped = (row: { provider_id: number; provider_name: string }, name: string): GroupedName => ({
  provider: row.provider_id,
  group: row.provider_name,
  name,
});

/**
 * The second line of a community's *Docs subidos* or *Docs leídos* light in the communities list, when it
 * is not green: what its providers lack there, by provider: 'Faltan 3 de 10 — Limpiezas Sol: Seguro RC
 * (caducado), Formación PRL; Ascensores Luna: Seguro RC'.
 */
export function CommunityMissingDuties({
  communityId,
  kind,
  short,
  required,
}: AggregateProps & { communityId: number }) {
  const missing = useQuery(communityMissingQuery(communityId));
  const data = missing.isFetching || missing.isError ? undefined : missing.data;
  const items = !data
    ? []
    : kind === "upload"
      ? data.uploads.map((u) => grouped(u, uploadName(u)))
      : data.reads.map((r) => grouped(r, readName(r)));
  return (
    <MissingLine
      kind={kind}
      names={items.map((item) => item.name)}
      list={groupedList(items)}
      grouped
      fetching={missing.isFetching}
      short={short}
      required={required}
    />
  );
}
