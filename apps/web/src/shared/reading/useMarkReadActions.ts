import type { CommunityDocumentRow } from "@coordina/domain";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import { useSession } from "../../app/session";
import { useRowActions } from "../../ui/RowActions";
import { useMarkRead } from "./api/markRead";
import texts from "./es.json";

addTexts(texts);

/**
 * 'Marcar como leído' in a community's reading list: the caller's company marks the document read
 * (spec 02 §3 'Mark-as-read payload'), one at a time, with the notice 'Has marcado … como leído'; what
 * shows the mark reloads (useMarkRead).
 */
export function useMarkReadActions(communityId: number) {
  const { t } = useTranslation(undefined, { keyPrefix: "reading-list" });
  const companyId = useSession()?.company.id;
  const markRead = useMarkRead();
  return useRowActions((row: CommunityDocumentRow) => row.doc_id, {
    mark: {
      run: async (row) => {
        if (companyId === undefined) return;
        await markRead.mutateAsync({ id_document: row.doc_id, id_finca: communityId, id_company: companyId });
      },
      done: (row) => (companyId === undefined ? undefined : t("marked", { name: row.doc_name })),
    },
  });
}
export type MarkReadActions = ReturnType<typeof useMarkReadActions>;
