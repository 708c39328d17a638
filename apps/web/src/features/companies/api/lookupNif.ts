import type { NifLookupRequest, NifLookupResponse } from "@coordina/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../app/api";

export type NifLookupCompany = NonNullable<NifLookupResponse["company"]>;

/** 'Validar' on the NIF form: the company registered with that NIF/CIF, or null when there is none. */
async function lookupNif(request: NifLookupRequest): Promise<NifLookupCompany | null> {
  const answer = await api.post<NifLookupResponse>("/registry/getntype", request);
  return answer.company ?? null;
}

/** 'Validar', asked on each press (nothing is cached: the answer depends on the moment). */
export function useLookupNif() {
  return useMutation({ mutationFn: lookupNif });
}
