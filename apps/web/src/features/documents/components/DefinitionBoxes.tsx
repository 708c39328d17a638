import type { CompanyDefinedRequest, CompanyDefinedResponse } from "@coordina/domain";
import { Alert, Group, Loader, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconInfoCircle } from "@tabler/icons-react";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../app/errorDialog";
import { definedDocumentsQuery } from "../api/fetchDefinedDocuments";
import { DefinitionUploadBox } from "./DefinitionUploadBox";

interface DefinitionBoxesProps {
  /** what getcompanydefined is asked */
  request: CompanyDefinedRequest;
  /** the community of the screen, if any */
  communityId?: number;
  /** the alert when no definition applies */
  emptyText: string;
}

/** The boxes of every definition getcompanydefined answers, or the screen's 'no docs' alert. */
export function DefinitionBoxes({ request, ...rest }: DefinitionBoxesProps) {
  return <DefinitionBoxesOf query={useQuery(definedDocumentsQuery(request))} {...rest} />;
}

/**
 * The boxes of an answer of getcompanydefined's shape (documents_fincas too): loading, its error, the
 * 'no docs' alert, or `intro` and a box per definition.
 */
export function DefinitionBoxesOf({
  query,
  communityId,
  emptyText,
  intro,
}: Omit<DefinitionBoxesProps, "request"> & {
  query: UseQueryResult<CompanyDefinedResponse>;
  /** a line above the boxes, from the answer */
  intro?: (answer: CompanyDefinedResponse) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label={t("app.loading")} />
        <Text size="sm" c="dimmed">
          {t("app.loading")}
        </Text>
      </Group>
    );
  if (query.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="documents-load-error">
        {errorText(query.error)}
      </Alert>
    );
  if (query.data.data.length === 0)
    return (
      <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="no-docs">
        {emptyText}
      </Alert>
    );
  return (
    <Stack gap="md">
      {intro?.(query.data)}
      {query.data.data.map((item) => (
        <DefinitionUploadBox key={item.definition.id} item={item} communityId={communityId} />
      ))}
    </Stack>
  );
}
