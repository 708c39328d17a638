import type { PorterMissingDuty } from "@coordina/domain";
import { useQuery } from "@tanstack/react-query";
import { type PorterMissingSource, porterMissingQuery } from "./api/porterMissing";
import { MissingLine } from "./MissingDuties";
import { readName, uploadName } from "./names";

export type { PorterMissingSource } from "./api/porterMissing";

/**
 * One missing duty in a few words, in the provider's form (names.ts): 'Seguro RC (caducado)', 'Formación
 * PRL', 'Plan de emergencia (plan.pdf)'; with `withCommunity` (a light over several communities) a
 * per-community upload and every read also say where: 'Seguro RC (Comunidad Sol, caducado)', 'Plan de
 * emergencia (plan.pdf) en Comunidad Sol'.
 */
export function porterMissingName(duty: PorterMissingDuty, withCommunity = false): string {
  const community = withCommunity ? duty.finca_name : null;
  return duty.kind === "read" ? readName(duty, community) : uploadName(duty, community);
}

interface PorterMissingDutiesProps {
  source: PorterMissingSource;
  /** the light's kind: its uploads or its reads */
  kind: "upload" | "read";
  /** the light's figures, said while the names are on their way (or if they cannot come) */
  short: number;
  required: number;
}

/**
 * The second line of a porter's light when it is not green (MissingLine): 'Faltan 2 de 5: Seguro RC
 * (caducado), Formación PRL'; 'Falta 1 de 2 por leer: Plan de emergencia (plan.pdf)'; over several
 * communities each per-community upload and each read with its community. Mounted only while the
 * light's words are open (TrafficLight's `detail`), so it asks the server then and only then.
 */
export function PorterMissingDuties({ source, kind, short, required }: PorterMissingDutiesProps) {
  const missing = useQuery(porterMissingQuery(source));
  // A failed reading again keeps the last answer's data: it is not said, the figures are.
  const names =
    missing.isFetching || missing.isError
      ? []
      : (missing.data ?? [])
          .filter((duty) => duty.kind === kind)
          .map((duty) => porterMissingName(duty, source.kind === "over"));
  return <MissingLine kind={kind} names={names} fetching={missing.isFetching} short={short} required={required} />;
}
