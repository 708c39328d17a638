import type { CurrentTerms } from "@coordina/domain";
import { Accordion, Box, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SanitizedHtml } from "../../shared/legal/SanitizedHtml";
import { type TermsText, updatedText } from "./terms";

/** The built-in text's sections, as items of the pop-up's accordion. */
function BuiltInSections({ terms }: { terms: TermsText }) {
  return (
    <>
      {terms.sections.map((section, index) => (
        <Accordion.Item key={section.id} value={section.id}>
          <Accordion.Control>
            <Text fw={600} size="sm">
              {index + 1}. {section.title}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              {section.paragraphs.map((p) => (
                <Text key={p} size="sm" ta="justify">
                  {p}
                </Text>
              ))}
              {section.clauses?.map((clause) => (
                <Box key={clause.title}>
                  <Title order={5} size="sm" mt="xs" mb={4}>
                    {clause.title}
                  </Title>
                  <Stack gap="xs">
                    {clause.paragraphs.map((p) => (
                      <Text key={p} size="sm" ta="justify">
                        {p}
                      </Text>
                    ))}
                  </Stack>
                </Box>
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </>
  );
}

/**
 * The conditions shown: the colegio's current version (its sanitized HTML, with its date) or the built-in text
 * in collapsible sections; then the colegio's legal advice, collapsed, when it has one.
 */
export function TermsBody({ builtIn, current }: { builtIn: TermsText; current: CurrentTerms }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" data-testid="terms-updated">
        {current.html === null ? builtIn.updated : updatedText(current.updated)}
      </Text>
      {current.html !== null ? (
        <SanitizedHtml html={current.html} testId="terms-text" />
      ) : (
        builtIn.intro.map((p) => (
          <Text key={p} size="sm">
            {p}
          </Text>
        ))
      )}
      <Accordion multiple variant="separated" chevronPosition="left">
        {current.html === null && <BuiltInSections terms={builtIn} />}
        {current.aviso_legal !== null && (
          <Accordion.Item value="aviso-legal">
            <Accordion.Control>
              <Text fw={600} size="sm">
                {t("legal-page.aviso-legal")}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <SanitizedHtml html={current.aviso_legal} testId="aviso-legal-text" />
            </Accordion.Panel>
          </Accordion.Item>
        )}
      </Accordion>
    </Stack>
  );
}
