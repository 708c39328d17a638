import { addTexts } from "../../app/i18n";
import texts from "./es.json";

/*
 * The calendar's texts, with those of the errors only the calendar's calls answer (calendar.*): they load with
 * the screens that make those calls (each imports this), not with the first load (locales/catalogue.test.ts).
 */
addTexts(texts);
