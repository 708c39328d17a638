import { LIGHT_COLOR, type Light } from "@coordina/domain";
import { Group } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { addTexts } from "../app/i18n";
import texts from "./TrafficLight.es.json";

addTexts(texts);

interface TrafficLightProps {
  /** the light's state, from the domain rules (uploadLight, readLight, validationLight) */
  light: Light;
  /** what the light says to a screen reader; 'Correcto' / 'Pendiente' / 'Error' by default */
  label?: string;
  /** diameter in pixels */
  size?: number;
  /** shown beside the dot, e.g. '3/5' */
  children?: ReactNode;
}

/**
 * A traffic light (spec 01 §4, spec 02 §4): a small dot in the spec's colours (ok green, warn amber,
 * error red), named for screen readers, optionally followed by its figures.
 */
export function TrafficLight({ light, label, size = 12, children }: TrafficLightProps) {
  const { t } = useTranslation();
  const name = label ?? t(`traffic-light.${light}`);
  const dot = (
    <span
      role="img"
      aria-label={name}
      title={name}
      data-light={light}
      style={{
        display: "inline-block",
        flex: "none",
        width: size,
        height: size,
        borderRadius: "50%",
        backgroundColor: LIGHT_COLOR[light],
      }}
    />
  );
  if (children === undefined) return dot;
  return (
    <Group gap={6} wrap="nowrap">
      {dot}
      <span>{children}</span>
    </Group>
  );
}
