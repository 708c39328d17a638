import type { CompanyUpdateRequest, CompanyView } from "@coordina/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { type CompanyForm, isColegio, requestOf, savedView } from "../companyForm";

/** Saves a company's own data (name, CIF and contact data; a colegio's region). */
async function updateCompany(request: CompanyUpdateRequest): Promise<void> {
  await api.post("/companies/companies/update", request);
}

/**
 * Saves the caller's company from its form: the company shown becomes what was saved, and the session is
 * read again (the header shows the company's, and a colegio's own, name from it).
 */
export function useUpdateCompany(company: CompanyView) {
  const queryClient = useQueryClient();
  const colegio = isColegio(company);
  return useMutation({
    mutationFn: (form: CompanyForm) => updateCompany(requestOf(company.id, form, colegio)),
    onSuccess: (_, form) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      queryClient.setQueryData<CompanyView>(queryKeys.company(company.id), (old) =>
        old ? savedView(old, form, colegio) : old,
      );
    },
  });
}
