import "@mantine/core/styles.css";
import "./app/i18n";
import { createTheme, MantineProvider } from "@mantine/core";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { HashRouter } from "react-router";
import { setLegalNotAcceptedHandler, setUnauthorizedHandler } from "./app/api";
import { ErrorBoundary } from "./app/ErrorBoundary";
import { ErrorDialogHost } from "./app/errorDialog";
import i18n from "./app/i18n";
import { AppRoutes } from "./app/router";
import { session } from "./app/session";

// Every dialog's close button is named (axe button-name), also while a closing dialog fades out.
const theme = createTheme({
  primaryColor: "blue",
  defaultRadius: "md",
  components: {
    // A plain object, not Modal.extend: importing Modal here would put it in the login page's bundle.
    Modal: { defaultProps: { closeButtonProps: { "aria-label": i18n.t("app.close-window") } } },
  },
});

// An expired or revoked session: forget it; the route guard sends the user to /login and remembers
// where they were.
setUnauthorizedHandler(() => session.end("expired"));
// The server says the legal notice has not been accepted (403 legal.not-accepted): the route guard then
// shows /legal and remembers where the user was.
setLegalNotAcceptedHandler(() => session.setLegalAccepted(false));

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <HashRouter>
        {/* Outside the app shell too (public pages, the shell itself); inside it the shell stays around the message. */}
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>
      </HashRouter>
      <ErrorDialogHost />
    </MantineProvider>
  </StrictMode>,
);
