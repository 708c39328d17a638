import { LIGHT_COLOR, type Light, lightFigure, pendingFigure, validationLight } from "@coordina/domain";
import { Group, Text, Tooltip, UnstyledButton } from "@mantine/core";
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { addTexts } from "../app/i18n";
import texts from "./TrafficLight.es.json";

addTexts(texts);

interface TrafficLightProps {
  /** the light's state, from the domain rules (uploadLight, readLight, validationLight…) */
  light: Light;
  /**
   * what the light says in words: its tooltip and its name for a screen reader ('Documentos subidos: 3 de
   * 5. Faltan 2.'); 'Correcto' / 'Pendiente' / 'Error' / 'Nada pendiente' by default
   */
  label?: string;
  /**
   * what the tooltip shows instead of the label (its name stays the label), mounted only while it is
   * open, so what it fetches is fetched when somebody asks: e.g. what is missing, by name
   */
  detail?: ReactNode;
  /** diameter in pixels */
  size?: number;
  /** shown beside the dot, e.g. '3/5' or '—' */
  children?: ReactNode;
}

/**
 * A tap on a light shows its words; it does not also open the row it stands in. Neither does a click on
 * its words: React events bubble through the tooltip's portal to the row, so they stop there too.
 */
const stop = (event: MouseEvent) => event.stopPropagation();

/** The smallest hit area of a light, in CSS pixels (WCAG 2.2 2.5.8, target size: 24 × 24). */
const TARGET = 24;

/**
 * A traffic light (spec 01 §4, spec 02 §4; docs/compliance.md §Lights): a small dot in the spec's colours
 * (ok green, warn amber, error red; grey when nothing is expected), optionally followed by its figures.
 * The dot is a button (a 'toggletip': a tab stop, nothing else happens when pressed) whose words show in a
 * tooltip on hover, keyboard focus and touch; the same words are its name for a screen reader. The
 * pointer can move onto the words without them closing (WCAG 1.4.13, hoverable). The button is at least
 * 24 × 24 px (WCAG 2.5.8) with the dot painted in its middle, its extra area laid over the surrounding
 * space (negative margins), so the rows keep the height and spacing they had with the bare dot.
 */
export function TrafficLight({ light, label, detail, size = 12, children }: TrafficLightProps) {
  const { t } = useTranslation();
  const name = label ?? t(`traffic-light.${light}`);
  const box = Math.max(size, TARGET);
  const overlap = (size - box) / 2;
  const dot = (
    <Tooltip
      label={detail ?? name}
      events={{ hover: true, focus: true, touch: true }}
      interactive
      // on the tooltip's box (its onClick would go to the dot): the words hold no control of their own
      onClickCapture={stop}
      multiline
      maw={320}
      withArrow
    >
      <UnstyledButton
        type="button"
        aria-label={name}
        data-light={light}
        onClick={stop}
        style={{
          display: "inline-block",
          flex: "none",
          boxSizing: "border-box",
          width: box,
          height: box,
          margin: overlap,
          padding: -overlap,
          borderRadius: "50%",
          // the colour fills the content box only: with the padding, a dot of `size` (its corners round too)
          backgroundColor: LIGHT_COLOR[light],
          backgroundClip: "content-box",
          cursor: "help",
        }}
      />
    </Tooltip>
  );
  if (children === undefined) return dot;
  return (
    <Group gap={6} wrap="nowrap">
      {dot}
      <span>{children}</span>
    </Group>
  );
}

interface CountLightProps {
  /** the domain rule that colours it (uploadLight, readLight, communityLight, providerDocsLight) */
  rule: (done: number, required: number) => Light;
  /** what it counts: documents uploaded, or documents read */
  what: "uploaded" | "read";
  done: number;
  required: number;
  /** words before the figure (a phone card's 'Subidos ') */
  prefix?: ReactNode;
  /**
   * what is missing, by name, when not green, given how many are short of how many: rendered only while
   * the tooltip is open (see TrafficLight's `detail`), in place of 'Faltan 2.'
   */
  missing?: (figures: { short: number; required: number }) => ReactNode;
}

/** The words of a count light: 'Documentos subidos: 3 de 5. Faltan 2.', '… Completo.', 'Nada pendiente: …'. */
function useCountWords(what: "uploaded" | "read", done: number, required: number) {
  const { t } = useTranslation(undefined, { keyPrefix: "traffic-light" });
  if (required <= 0) return { head: t(`none-${what}`), tail: "" };
  const head = t(what, { done, required });
  const short = required - done;
  return { head, tail: short > 0 ? t("missing", { count: short }) : t("complete") };
}

/**
 * A count light with its figure ('3/5', or '—' when nothing is expected) and its words: the one way
 * every list shows an upload or read figure.
 */
export function CountLight({ rule, what, done, required, prefix, missing }: CountLightProps) {
  const { head, tail } = useCountWords(what, done, required);
  const light = rule(done, required);
  const label = tail ? `${head} ${tail}` : head;
  const detail =
    missing && light !== "ok" && light !== "none" ? (
      <>
        <Text size="sm" inherit>
          {head}
        </Text>
        {missing({ short: required - done, required })}
      </>
    ) : undefined;
  return (
    <TrafficLight light={light} label={label} detail={detail}>
      {prefix}
      {lightFigure(done, required)}
    </TrafficLight>
  );
}

/**
 * The validation light of a company row: the documents waiting for the colegio, or '—' with none; `missing`
 * names them, rendered only while the tooltip of a light with some waiting is open.
 */
export function PendingLight({ pending, missing }: { pending: number; missing?: () => ReactNode }) {
  const { t } = useTranslation(undefined, { keyPrefix: "traffic-light" });
  const label = pending > 0 ? t("pending", { count: pending }) : t("none-pending");
  const detail =
    missing && pending > 0 ? (
      <>
        <Text size="sm" inherit>
          {label}
        </Text>
        {missing()}
      </>
    ) : undefined;
  return (
    <TrafficLight light={validationLight(pending)} label={label} detail={detail}>
      {pendingFigure(pending)}
    </TrafficLight>
  );
}
