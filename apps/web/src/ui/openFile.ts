import type { FileLinks } from "@coordina/domain";
import { api } from "../app/api";
import { showError, showErrorMessage } from "../app/errorDialog";
import i18n from "../app/i18n";

/** A stored file's short-lived links; the answer also sets the cookie that the links need (same origin). */
async function fetchFileLinks(fileId: number): Promise<FileLinks> {
  const answer = await api.get<{ data: FileLinks }>(`/file-manager/fileload/retrieve/${fileId}`);
  return answer.data;
}

function follow(url: string, how: "view" | "download") {
  const link = document.createElement("a");
  link.href = url;
  if (how === "download") link.download = "";
  else {
    link.target = "_blank";
    link.rel = "noopener";
  }
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Opens a stored file (spec 02 §7 'PDF'). `view` shows the PDF in a new tab (/s/{token}): call it straight
 * from the click, since the tab is opened at once, inside the click, so that no popup blocker stops it, and
 * goes to the link when the answer arrives. `download` saves the file (/d/{token}, sent as an attachment)
 * from this page, with no tab left blank. On a failure the error dialog says why (and the tab closes).
 */
export async function openFile(fileId: number, how: "view" | "download"): Promise<void> {
  const tab = how === "view" ? window.open("", "_blank") : null;
  if (how === "view" && !tab) {
    // The browser blocked the new tab; a link followed later would be blocked too.
    showErrorMessage(i18n.t("files.popup-blocked"));
    return;
  }
  try {
    const links = await fetchFileLinks(fileId);
    const url = new URL(links[how], window.location.origin).href;
    if (tab && !tab.closed) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      // A download, or the tab was closed meanwhile.
      follow(url, how);
    }
  } catch (error) {
    tab?.close();
    showError(error);
  }
}
