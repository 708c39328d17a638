import { type CurrentTerms, ErrorKey, startPageFor } from "@coordina/domain";
import {
  Box,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { ApiError } from "../../app/api";
import { endSession } from "../../app/endSession";
import { showError } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { featuresOf, pendingRedirect, roleOf, type StoredSession, session, useSession } from "../../app/session";
import { fetchCurrentTerms } from "../../shared/legal/api/fetchCurrentTerms";
import { Logo } from "../../ui/Logo";
import { useFormSend } from "../../ui/useFormSend";
import { acceptTerms } from "./api/acceptTerms";
import texts from "./es.json";
import { TermsBody } from "./TermsBody";
import { termsFor } from "./terms";

addTexts(texts);

/** Where to go once the terms are accepted: the route asked for before, otherwise the role's start page. */
function nextPage(current: StoredSession): string {
  const remembered = pendingRedirect.take();
  if (remembered && remembered !== "/login" && remembered !== "/legal") return remembered;
  return startPageFor(roleOf(current), featuresOf(current));
}

/**
 * The legal notice (spec 01 §2, §4; spec 02 §2 'Legal texts and terms popup'; issue 23 part 4): administrators
 * and providers accept the conditions of use of their role in their colegio — its current version, or the
 * built-in text — before using Coordina. The pop-up cannot be dismissed; accepting records the version read
 * (and the accepted-legal setting) and re-routes by role, cancelling ends the session.
 */
export default function LegalPage() {
  const { t } = useTranslation();
  const current = useSession();
  const [ticked, setTicked] = useState(false);
  const [terms, setTerms] = useState<CurrentTerms | null>(null);
  // Read again when the colegio's conditions changed while the pop-up was open.
  const [reads, setReads] = useState(0);
  const builtIn = current ? termsFor(roleOf(current)) : undefined;
  const needed = current !== null && builtIn !== undefined && current.legalAccepted !== true;
  const colegioId = current?.colegio.id;
  const target = useRef<string | null>(null);
  const { sending, onSubmit: accept } = useFormSend(
    () => ({}),
    async () => {
      if (!current || !ticked || !terms) return;
      try {
        await acceptTerms({ version_id: terms.version_id });
      } catch (error) {
        if (error instanceof ApiError && error.key === ErrorKey.legalTermsChanged) {
          setTicked(false);
          setReads((n) => n + 1);
        }
        throw error;
      }
      // With no colegio chosen, another of the user's colegios may have conditions of its own to accept.
      const next = await fetchCurrentTerms();
      if (!next.accepted) {
        setTicked(false);
        setTerms(next);
        return;
      }
      target.current = nextPage(current);
      session.setLegalAccepted(true);
    },
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reads` asks again; the chosen colegio names the conditions (sent by the api client)
  useEffect(() => {
    if (!needed) return;
    let live = true;
    setTerms(null);
    fetchCurrentTerms()
      .then((answer) => {
        if (!live) return;
        // Accepted already (a session stored before the acceptance was recorded in it): go on.
        if (answer.accepted) session.setLegalAccepted(true);
        else setTerms(answer);
      })
      .catch((error: unknown) => {
        if (!live) return;
        showError(error);
        endSession();
      });
    return () => {
      live = false;
    };
  }, [needed, colegioId, reads]);

  if (!current) return <Navigate to="/login" replace />;
  // Other roles have no conditions to accept; accepted ones go on (to the page remembered at accept time).
  if (!builtIn || current.legalAccepted === true) {
    target.current ??= nextPage(current);
    return <Navigate to={target.current} replace />;
  }
  if (!terms) {
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
        <Title order={1}>{builtIn.title}</Title>
      </VisuallyHidden>
      <Modal
        opened
        onClose={() => {}}
        title={
          <Text component="span" fw={700} size="lg">
            {builtIn.title}
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
          {terms.colegio_name !== null && (
            <Text fw={600} mb="sm" data-testid="terms-colegio">
              {t("legal-page.colegio", { colegio: terms.colegio_name })}
            </Text>
          )}
          <TermsBody builtIn={builtIn} current={terms} />
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
