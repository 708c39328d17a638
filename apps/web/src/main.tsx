import "@mantine/core/styles.css";
import "./app/i18n";
import { createTheme, MantineProvider } from "@mantine/core";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { setUnauthorizedHandler } from "./app/api";
import { ErrorDialogHost } from "./app/errorDialog";
import { router } from "./app/router";
import { session } from "./app/session";

const theme = createTheme({ primaryColor: "blue", defaultRadius: "md" });

// An expired or revoked session: forget it; the route guard sends the user to /login and remembers
// where they were.
setUnauthorizedHandler(() => session.end("expired"));

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
      <ErrorDialogHost />
    </MantineProvider>
  </StrictMode>,
);
