import dayjs from "dayjs";
import "dayjs/locale/es";

dayjs.locale("es");

export { dayjs };

/** '30/01/2024' */
export function formatDate(date: dayjs.ConfigType): string {
  return dayjs(date).format("DD/MM/YYYY");
}

/** '30/01/2024 09:05' */
export function formatDateTime(date: dayjs.ConfigType): string {
  return dayjs(date).format("DD/MM/YYYY HH:mm");
}
