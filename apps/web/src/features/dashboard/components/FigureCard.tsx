import { Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { TARGET } from "./LightShareCard";

interface FigureCardProps {
  title: string;
  figure: number;
  text: string;
  link: { to: string; label: string };
  testId: string;
}

/** One figure with its sentence and the list behind it. */
export function FigureCard({ title, figure, text, link, testId }: FigureCardProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      <Stack gap={6}>
        <Title order={2} size="h4" id={`${testId}-title`}>
          {title}
        </Title>
        <Text fz={32} fw={700} lh={1} aria-hidden="true" data-testid={`${testId}-figure`}>
          {figure}
        </Text>
        <Text size="sm">{text}</Text>
        <Anchor component={Link} to={link.to} size="sm" style={TARGET}>
          {link.label}
        </Anchor>
      </Stack>
    </Card>
  );
}
