import type { CompanyDefinedRequest, CompanyDefinedResponse, DefinitionDocuments } from "@coordina/domain";
import { Alert, Stack } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import { useSession } from "../../app/session";
import { QueryView } from "../../ui/LoadState";
import { definedDocumentsQuery } from "./api/fetchDefinedDocuments";
import { DefinitionUploadBox } from "./DefinitionUploadBox";
import { owedExpiry } from "./documentRules";
import texts from "./es.json";

addTexts(texts);

interface DefinitionBoxesProps {
  /** what getcompanydefined is asked */
  request: CompanyDefinedRequest;
  /** the community of the screen, if any */
  communityId?: number;
  /** the alert when no definition applies */
  emptyText: string;
  /** keeps only these definitions (a screen about one kind of document) */
  only?: (item: DefinitionDocuments) => boolean;
}

/** The boxes of every definition getcompanydefined answers, or the screen's 'no docs' alert. */
export function DefinitionBoxes({ request, ...rest }: DefinitionBoxesProps) {
  return <DefinitionBoxesOf query={useQuery(definedDocumentsQuery(request))} {...rest} />;
}

/**
 * The boxes of an answer of getcompanydefined's shape (documents_fincas too): loading, its error, the
 * 'no docs' alert, or `intro` and a box per definition. A document its user uploaded without the expiry date
 * its definition demands opens its dialog again as soon as the boxes show it (`owedExpiry`), in whichever box
 * holds it: leaving or reloading the page does not escape it.
 */
export function DefinitionBoxesOf({
  query,
  communityId,
  emptyText,
  only = () => true,
  intro,
}: Omit<DefinitionBoxesProps, "request"> & {
  query: UseQueryResult<CompanyDefinedResponse>;
  /** a line above the boxes, from the answer */
  intro?: (answer: CompanyDefinedResponse) => ReactNode;
}) {
  const { t } = useTranslation();
  const userId = useSession()?.user.id;
  return (
    <QueryView
      query={query}
      loading={t("app.loading")}
      errorTestId="documents-load-error"
      isEmpty={(answer) => !answer.data.some(only)}
      empty={
        <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="no-docs">
          {emptyText}
        </Alert>
      }
    >
      {(answer) => {
        const items = answer.data.filter(only);
        const owed = owedExpiry(items, userId);
        return (
          <Stack gap="md">
            {intro?.(answer)}
            {items.map((item) => (
              <DefinitionUploadBox
                key={item.definition.id}
                item={item}
                communityId={communityId}
                owed={owed && item.documents.includes(owed) ? owed : null}
              />
            ))}
          </Stack>
        );
      }}
    </QueryView>
  );
}
