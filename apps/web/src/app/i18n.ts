import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import es from "../locales/es.json";

void i18n.use(initReactI18next).init({
  lng: "es",
  fallbackLng: "es",
  resources: { es: { translation: es } },
  // Keys are dotted paths (error.generic-error); spec texts sent by the server contain colons.
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

/**
 * Adds a feature's texts to the catalogue. The shared catalogue (locales/es.json) holds what the entry
 * needs and every key the server may send; each feature's page texts live in its folder and load with
 * its route chunk, so the first load does not grow with every screen.
 */
export function addTexts(texts: Record<string, unknown>) {
  i18n.addResourceBundle("es", "translation", texts, true, false);
}

/**
 * Translates a server error key with the values its text names (`params`: 'más de {{days}} días'); a plain
 * Spanish text sent by the server is shown as it is.
 */
export function translateError(keyOrText: string | undefined, params?: Record<string, string>): string {
  if (!keyOrText) return i18n.t("error.generic-error");
  return i18n.exists(keyOrText) ? i18n.t(keyOrText, params) : keyOrText;
}

export default i18n;
