import { startPageFor } from "@coordina/domain";
import {
  Accordion,
  Box,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { endSession } from "../../app/endSession";
import { addTexts } from "../../app/i18n";
import { featuresOf, pendingRedirect, roleOf, type StoredSession, session, useSession } from "../../app/session";
import { fetchAssignedSettings, hasAcceptedLegal } from "../../shared/legal/api/fetchAssignedSettings";
import { Logo } from "../../ui/Logo";
import { useFormSend } from "../../ui/useFormSend";
import { acceptLegal } from "./api/acceptLegal";
import texts from "./es.json";
import { type TermsText, termsFor } from "./terms";

addTexts(texts);

/** Where to go once the terms are accepted: the route asked for before, otherwise the role's start page. */
function nextPage(current: StoredSession): string {
  const remembered = pendingRedirect.take();
  if (remembered && remembered !== "/login" && remembered !== "/legal") return remembered;
  return startPageFor(roleOf(current), featuresOf(current));
}

function TermsBody({ terms }: { terms: TermsText }) {
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" data-testid="terms-updated">
        {terms.updated}
      </Text>
      {terms.intro.map((p) => (
        <Text key={p} size="sm">
          {p}
        </Text>
      ))}
      <Accordion multiple variant="separated" chevronPosition="left">
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
      </Accordion>
    </Stack>
  );
}

/**
 * The legal notice (spec 01 §2, §4): administrators and providers accept the conditions of use before
 * using Coordina. The pop-up cannot be dismissed; accepting stores the accepted-legal setting and
 * re-routes by role, cancelling ends the session.
 */
export default function LegalPage() {
  const { t } = useTranslation();
  const current = useSession();
  const [ticked, setTicked] = useState(false);
  // A session stored before the acceptance was recorded in it: ask the server once (the answer makes it known).
  const userId = current?.user.id;
  const checking = current !== null && current.legalAccepted === undefined && termsFor(roleOf(current)) !== undefined;
  const target = useRef<string | null>(null);
  const { sending, onSubmit: accept } = useFormSend(
    () => ({}),
    async () => {
      if (!current || !ticked) return;
      await acceptLegal(current.user.id);
      target.current = nextPage(current);
      session.setLegalAccepted(true);
    },
  );

  useEffect(() => {
    if (userId === undefined || !checking) return;
    let live = true;
    fetchAssignedSettings(userId)
      .then((settings) => {
        if (live) session.setLegalAccepted(hasAcceptedLegal(settings));
      })
      .catch(() => {
        // Unknown stays "not accepted": the pop-up is shown and accepting records it again.
        if (live) session.setLegalAccepted(false);
      });
    return () => {
      live = false;
    };
  }, [userId, checking]);

  if (!current) return <Navigate to="/login" replace />;
  const terms = termsFor(roleOf(current));
  // Other roles have no conditions to accept; accepted ones go on (to the page remembered at accept time).
  if (!terms || current.legalAccepted === true) {
    target.current ??= nextPage(current);
    return <Navigate to={target.current} replace />;
  }
  if (checking) {
    return (
      <Center mih="100vh">
        <Loader aria-label={t("legal-page.checking")} />
      </Center>
    );
  }

  return (
    <Box component="main" mih="100vh" bg="gray.0">
      <Center pt="xl">
        <Logo size={48} />
      </Center>
      {/* The page's one level-one heading; the dialog below shows the same title to the eye. */}
      <VisuallyHidden>
        <Title order={1}>{terms.title}</Title>
      </VisuallyHidden>
      <Modal
        opened
        onClose={() => {}}
        title={
          <Text component="span" fw={700} size="lg">
            {terms.title}
          </Text>
        }
        closeOnClickOutside={false}
        closeOnEscape={false}
        withCloseButton={false}
        size="xl"
        centered
      >
        {/* The terms scroll; the acceptance stays in view below them. */}
        <ScrollArea.Autosize mah="calc(100dvh - 280px)" type="auto" offsetScrollbars>
          <TermsBody terms={terms} />
        </ScrollArea.Autosize>
        <Checkbox
          mt="lg"
          required
          label={t("legal-page.accept-checkbox")}
          checked={ticked}
          onChange={(e) => setTicked(e.currentTarget.checked)}
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={endSession} disabled={sending}>
            {t("legal-page.cancel")}
          </Button>
          <Button onClick={() => void accept()} disabled={!ticked} loading={sending}>
            {t("legal-page.accept")}
          </Button>
        </Group>
      </Modal>
    </Box>
  );
}
