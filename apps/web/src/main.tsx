import "@mantine/core/styles.css";
import "./app/i18n";
import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  MantineProvider,
} from "@mantine/core";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { HashRouter } from "react-router";
import { setLegalNotAcceptedHandler, setUnauthorizedHandler } from "./app/api";
import { ErrorBoundary } from "./app/ErrorBoundary";
import { ErrorDialogHost } from "./app/errorDialog";
import i18n from "./app/i18n";
import { AppRoutes } from "./app/router";
import { session } from "./app/session";

/*
 * WCAG 2.2 AA contrast (issue 21): filled buttons and badges, coloured text and outlines use shade 8, and
 * the light variants (light buttons and badges, alerts, the current menu entry) shade 9 on shade 1, or on
 * shade 2 under the pointer. Mantine's own shades 8 and 9 of green, yellow, orange, teal, cyan and lime
 * (and, narrowly, red and blue) fall short of 4.5:1 there; here they are Mantine's shades darkened toward
 * black (same hue) until shade 8 reaches 5.3:1 on white (about 4.8:1 on gray.1) and shade 9 4.7:1 on
 * shade 2. Shades 0–6 are Mantine's, so light backgrounds and the traffic lights' dots keep their colours;
 * shade 7 reaches 3:1 (borders, large text).
 */
const darkened = (name: keyof typeof DEFAULT_THEME.colors, dark: string): MantineColorsTuple =>
  [...DEFAULT_THEME.colors[name]!.slice(0, 7), ...dark.split(" ")] as unknown as MantineColorsTuple;
const colors = {
  blue: darkened("blue", "#1c7ed6 #186cba #155998"),
  red: darkened("red", "#f03e3e #ca2c2c #ad2424"),
  orange: darkened("orange", "#f06407 #b74609 #ab390c"),
  yellow: darkened("yellow", "#c68100 #9c5b00 #8e5300"),
  green: darkened("green", "#33a447 #247a34 #237032"),
  teal: darkened("teal", "#0ca376 #077956 #076e4f"),
  cyan: darkened("cyan", "#1098ad #0b7688 #0a6778"),
  lime: darkened("lime", "#649e13 #48770b #426c0a"),
};

// Every dialog's close button is named (axe button-name), also while a closing dialog fades out.
const theme = createTheme({
  primaryColor: "blue",
  primaryShade: 8,
  colors,
  defaultRadius: "md",
  components: {
    // A plain object, not Modal.extend: importing Modal here would put it in the login page's bundle.
    Modal: { defaultProps: { closeButtonProps: { "aria-label": i18n.t("app.close-window") } } },
    // Weekend days in Mantine's red-6 are 3.3:1 on white (axe color-contrast): they look like any other day.
    Calendar: { defaultProps: { weekendDays: [] } },
    DatePickerInput: { defaultProps: { weekendDays: [] } },
  },
});

/**
 * Secondary ("dimmed") text: Mantine's gray.6 is 3.3:1 on white; this grey is 5.7:1 (5.1:1 on gray.1). The
 * same grey for placeholders: Mantine's gray.5 (2.1:1) fails where a placeholder is text on screen, as a date
 * picker's 'Elige la fecha de caducidad' (issue 21 item 8).
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "#5f6870", "--mantine-color-placeholder": "#5f6870" },
  dark: {},
});

// An expired or revoked session: forget it; the route guard sends the user to /login and remembers
// where they were.
setUnauthorizedHandler(() => session.end("expired"));
// The server says the legal notice has not been accepted (403 legal.not-accepted): the route guard then
// shows /legal and remembers where the user was.
setLegalNotAcceptedHandler(() => session.setLegalAccepted(false));

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <HashRouter>
        {/* Outside the app shell too (public pages, the shell itself: the message is then the main landmark);
            inside it the shell stays around the message. */}
        <ErrorBoundary landmark>
          <AppRoutes />
        </ErrorBoundary>
      </HashRouter>
      <ErrorDialogHost />
    </MantineProvider>
  </StrictMode>,
);
